import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { applyMigrations, MIGRATIONS_FOLDER } from '../db/migrate';

// One database per test file: a fresh PostgreSQL database under TEST_DATABASE_URL
// (dropped again on close), otherwise PGlite in memory. Both run the real migrations and queries.
// On PostgreSQL each file's database is a copy of a template migrated once per set of migrations
// (see `prepareTemplateDatabase`), so no file pays for the migrations again.

export interface TestDatabaseHandle extends DatabaseHandle {
  /** The connection string of the test's own PostgreSQL database; undefined on PGlite. */
  databaseUrl?: string;
  /** Statements sent to the database so far, on every connection (the audit writer's too). */
  statements(): number;
}

/** The admin database the test databases are created from, when tests run on PostgreSQL. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The template's name follows the migrations' contents: a changed or added migration makes a new
 * template, and a test never starts from a schema that is not the committed one.
 */
export function templateDatabaseName(migrationsFolder = MIGRATIONS_FOLDER): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return `caredeck_tpl_${hash.digest('hex').slice(0, 16)}`;
}

/** Serialises template creation across test runs sharing one PostgreSQL server. */
const TEMPLATE_LOCK = 7_201_090;

/**
 * Creates the migrated template on PostgreSQL if it does not exist yet (once per test run, from
 * Vitest's global setup). Built under a temporary name and renamed when complete, so a run that
 * stops half-way leaves no half-migrated template behind.
 */
export async function prepareTemplateDatabase(): Promise<void> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) return;
  const template = templateDatabaseName();
  await withAdminClient(adminUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return;
      const building = `${template}_b${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, building), dataDir: 'memory://' });
      try {
        await applyMigrations(handle);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/**
 * Opens a database of its own for one test file. On PostgreSQL it is a copy of the migrated
 * template when one exists (`{ empty: true }` asks for a database with no schema at all); on
 * PGlite it is empty. buildApp migrates on start (nothing to do on a copy of the template), and
 * repository-level tests call `migrateTestDatabase`.
 * `close()` is idempotent; on PostgreSQL it also drops the database.
 */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabaseHandle> {
  const adminUrl = testDatabaseUrl();
  let sent = 0;
  const onStatement = () => {
    sent += 1;
  };
  const statements = () => sent;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://', onStatement });
    return { ...handle, statements, close: once(() => handle.close()) };
  }

  // Only [a-z0-9_]: the name is interpolated into CREATE/DROP DATABASE, which take no parameters.
  const name = `caredeck_t_${randomBytes(8).toString('hex')}`;
  await withAdminClient(adminUrl, async (client) => {
    const template = options.empty ? undefined : templateDatabaseName();
    const found = template ? await client.query('select 1 from pg_database where datname = $1', [template]) : undefined;
    await client.query(found?.rowCount ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  });
  const databaseUrl = databaseUrlFor(adminUrl, name);
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', onStatement });
  return {
    ...handle,
    databaseUrl,
    statements,
    close: once(async () => {
      await handle.close();
      await dropTestDatabase(adminUrl, name);
    }),
  };
}

async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    // Connections someone else still holds (an app built with its own pool) must not keep it alive.
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** Brings a test database's schema up to date, for tests that use repositories without an app. */
export async function migrateTestDatabase(handle: DatabaseHandle): Promise<void> {
  await applyMigrations(handle);
}

/** Opens a test database and applies the migrations: what a repository-level test starts from. */
export async function openMigratedTestDatabase(): Promise<TestDatabaseHandle> {
  const handle = await openTestDatabase();
  await migrateTestDatabase(handle);
  return handle;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}
