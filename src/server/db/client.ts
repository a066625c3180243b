import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

// Two drivers, one dialect (DESIGN.md §4): PostgreSQL through `pg` when DATABASE_URL is set,
// otherwise embedded PGlite in DATA_DIR. Everything above this file sees only `Database`.

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The audit writer's own connections (two), so its group commits never wait in the pool's queue
   * behind the requests that are waiting for them. The same database as `db` on PGlite.
   */
  auditDb: Database;
  driver: 'postgres' | 'pglite';
  /** Round-trip to the database; false when it cannot be reached. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Runs `fn` while holding a database-wide lock, so two instances never migrate or seed at once. */
  withExclusiveLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Plain SQL for libraries that bring their own (the job queue); several statements when there are no values. */
  query(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Called for every statement sent to the database, on any connection (tests count them). */
  onStatement?: () => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.onStatement) : openPglite(options.dataDir, options.onStatement);
}

/** Calls `hook` before each call of `target[name]`. */
function countCalls(target: object, name: string, hook: () => void): void {
  const holder = target as Record<string, (...args: unknown[]) => unknown>;
  const original = holder[name]!;
  holder[name] = function (this: unknown, ...args: unknown[]) {
    hook();
    return original.apply(this, args);
  };
}

async function openPostgres(url: string, onStatement?: () => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const auditPool = new pg.Pool({ connectionString: url, max: 2 });
  auditPool.on('error', () => undefined);
  if (onStatement) {
    // Every statement, the pool's own included, goes through a client's query.
    for (const each of [pool, auditPool]) each.on('connect', (client) => countCalls(client, 'query', onStatement));
  }
  return {
    db,
    auditDb: drizzlePg(auditPool, { schema }) as unknown as Database,
    driver: 'postgres',
    ping: () => ping(db),
    close: async () => {
      await Promise.all([pool.end(), auditPool.end()]);
    },
    query: async (text, values) => pool.query(text, values ? [...values] : undefined),
    async withExclusiveLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
  };
}

async function openPglite(dataDir: string, onStatement?: () => void): Promise<DatabaseHandle> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { citext, pg_trgm } });
  if (onStatement) countPgliteStatements(client, onStatement);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    auditDb: db,
    driver: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
    async query(text, values) {
      if (values && values.length > 0) return client.query(text, [...values]);
      const results = await client.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
    },
    // PGlite lives inside this process and allows one writer; nothing else can race us.
    withExclusiveLock: (_key, fn) => fn(),
  };
}

function countPgliteStatements(client: PGlite, onStatement: () => void): void {
  countCalls(client, 'query', onStatement);
  countCalls(client, 'exec', onStatement);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) => {
    // BEGIN and COMMIT (or ROLLBACK), then what runs inside.
    onStatement();
    onStatement();
    return transaction((tx) => {
      countCalls(tx, 'query', onStatement);
      countCalls(tx, 'exec', onStatement);
      return fn(tx);
    });
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
