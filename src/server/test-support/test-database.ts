import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { applyMigrations } from '../db/migrate';

// One database per test file: a fresh PostgreSQL database under TEST_DATABASE_URL
// (dropped again on close), otherwise PGlite in memory. Both run the real migrations and queries.

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
 * Opens an empty database of its own for one test file. Its schema is not created yet: buildApp
 * migrates on start, and repository-level tests call `migrateTestDatabase`.
 * `close()` is idempotent; on PostgreSQL it also drops the database.
 */
export async function openTestDatabase(): Promise<TestDatabaseHandle> {
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
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
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
