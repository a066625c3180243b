import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { copyDatabaseTemplate } from './database-template';
import * as schema from './schema';

// Two drivers, one dialect: PostgreSQL through `pg` when DATABASE_URL is set,
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
  /** How many operations wait for a connection right now (what load shedding watches). */
  waiting(): number;
  /**
   * PostgreSQL only: how long, in milliseconds, the longest-waiting request for a connection has
   * waited so far (0 when none waits). A queue that drains in a few milliseconds is no overload,
   * however long it is; one whose head has waited a tenth of a second is.
   */
  oldestWaitMs?(): number;
}

/**
 * Every wait on the database has an end. A request that cannot get a connection in time, or whose
 * statement runs too long, fails with `DatabaseBusyError` (answered 503 with Retry-After), so no
 * queue grows without bound behind clients that have long given up.
 */
export interface DatabaseLimits {
  /** Connections in the request pool (PostgreSQL). */
  poolSize: number;
  /** Longest wait for a pooled connection (PostgreSQL's `connectionTimeoutMillis`). */
  acquireTimeoutMs: number;
  /** `statement_timeout` of every connection. */
  statementTimeoutMs: number;
  /** `idle_in_transaction_session_timeout`: a transaction left waiting on anything else is ended. */
  idleInTransactionTimeoutMs: number;
  /** PGlite runs one statement at a time: at most this many operations may wait; more are refused at once. */
  queueLimit: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolSize: 10,
  acquireTimeoutMs: 1_000,
  statementTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 10_000,
  queueLimit: 200,
};

/**
 * For work that is not a request (migrations at start, the seed, the audit tools): it may run long
 * and wait for another instance's migration lock, so nothing is cut short (0 is "no limit").
 */
export const MAINTENANCE_LIMITS: DatabaseLimits = {
  poolSize: 2,
  acquireTimeoutMs: 0,
  statementTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
  queueLimit: 100_000,
};

/** The database could not take the work in time: no connection, a statement over its limit, a full queue. */
export class DatabaseBusyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseBusyError';
  }
}

// pg-pool's wait for a connection ran out, or a new connection could not be made in time;
// PostgreSQL cancelled a statement (57014) or ended a transaction left idle (25P03).
const BUSY_MESSAGES: Array<[string, DatabaseBusyReason]> = [
  ['timeout exceeded when trying to connect', 'acquire-timeout'],
  ['Connection terminated due to connection timeout', 'acquire-timeout'],
];
const BUSY_SQLSTATES = new Map<string, DatabaseBusyReason>([
  ['57014', 'statement-timeout'],
  ['25P03', 'idle-transaction-timeout'],
]);

export type DatabaseBusyReason = 'acquire-timeout' | 'statement-timeout' | 'idle-transaction-timeout' | 'queue-full';

/** Why `error` (or what it wraps, as Drizzle does) says the database was too busy to answer in time; null when it does not. */
export function databaseBusyReason(error: unknown): DatabaseBusyReason | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof DatabaseBusyError) return 'queue-full';
    const { message, code, cause } = current as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) return BUSY_SQLSTATES.get(code)!;
    if (typeof message === 'string') {
      const known = BUSY_MESSAGES.find(([text]) => message.includes(text));
      if (known) return known[1];
    }
    current = cause;
  }
  return null;
}

/** Whether `error` says the database was too busy to answer in time. */
export function isDatabaseBusy(error: unknown): boolean {
  return databaseBusyReason(error) !== null;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  limits?: Partial<DatabaseLimits>;
  /** Called for every statement sent to the database, on any connection (tests count them). */
  onStatement?: () => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const limits = { ...DEFAULT_DATABASE_LIMITS, ...options.limits };
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, limits, options.onStatement)
    : openPglite(options.dataDir, limits, options.onStatement);
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

/**
 * Notes when each request for one of the pool's connections starts and when it is served. The pool
 * serves them in order, so the first still unserved is the one that has waited longest. Both
 * `pool.query` and transactions ask for their connection through `connect`.
 */
function timeWaits(pool: pg.Pool): { oldestWaitMs: () => number } {
  const unserved = new Set<{ since: number }>();
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<unknown> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const ticket = { since: performance.now() };
    unserved.add(ticket);
    if (callback) {
      return connect((...args: unknown[]) => {
        unserved.delete(ticket);
        callback(...args);
      });
    }
    return connect()!.finally(() => unserved.delete(ticket));
  };
  return {
    oldestWaitMs: () => {
      for (const ticket of unserved) return performance.now() - ticket.since;
      return 0;
    },
  };
}

/**
 * Makes a connection send its statements one after another. A repository may start several queries
 * at once (Promise.all): on the pool each takes a connection of its own and they run side by side,
 * but in a write they all go to the transaction's one connection. node-postgres only queues those
 * for now, with a deprecation warning ("Calling client.query() when the client is already executing
 * a query"), and pg@9 drops that queue. A connection runs one statement at a time anyway, so waiting
 * here for the previous one costs nothing. Calls with a callback (pg-pool's own query, which holds
 * the connection alone) and submitted objects (a cursor) are paced by their caller and go straight through.
 */
function oneStatementAtATime(client: pg.PoolClient): void {
  // The driver's own query, looked up at each call rather than bound once: a bench that wraps the
  // driver's query to read the statements a request runs (bench/api.ts, bench/chart.ts) sees them all.
  const send = (...args: unknown[]) => (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
  let previous: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown; callback?: unknown } | null | undefined;
    const paced =
      typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function' || typeof first?.callback === 'function';
    if (paced) return send(...args);
    const result = previous.then(() => send(...args));
    previous = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}

function poolOptions(url: string, max: number, limits: DatabaseLimits): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
  };
}

async function openPostgres(url: string, limits: DatabaseLimits, onStatement?: () => void): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: a start on the embedded database never loads them.
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool(poolOptions(url, limits.poolSize, limits));
  const queue = timeWaits(pool);
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // The audit writer's connections have the same bounds: an event that cannot be written in time
  // fails its request (503) rather than holding it.
  const auditPool = new pg.Pool(poolOptions(url, 2, limits));
  auditPool.on('error', () => undefined);
  for (const each of [pool, auditPool]) each.on('connect', oneStatementAtATime);
  if (onStatement) {
    // Every statement, the pool's own included, goes through a client's query.
    for (const each of [pool, auditPool]) each.on('connect', (client) => countCalls(client, 'query', onStatement));
  }
  return {
    db,
    auditDb: drizzlePg(auditPool, { schema }) as unknown as Database,
    driver: 'postgres',
    ping: () => ping(db),
    waiting: () => pool.waitingCount,
    oldestWaitMs: queue.oldestWaitMs,
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

async function openPglite(dataDir: string, limits: DatabaseLimits, onStatement?: () => void): Promise<DatabaseHandle> {
  // A first start copies the database the build prepared instead of creating one (database-template.ts).
  if (dataDir !== 'memory://') await copyDatabaseTemplate(dataDir);
  const raw = await PGlite.create(dataDir, { extensions: { citext, pg_trgm, unaccent } });
  if (onStatement) countPgliteStatements(raw, onStatement);
  const gate = new OperationGate(limits.queueLimit);
  const client = gate.wrap(raw);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    auditDb: db,
    driver: 'pglite',
    ping: () => ping(db),
    waiting: () => gate.waiting,
    close: () => raw.close(),
    async query(text, values) {
      if (values && values.length > 0) return client.query(text, [...values]);
      const results = await client.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
    },
    // PGlite lives inside this process and allows one writer; nothing else can race us.
    withExclusiveLock: (_key, fn) => fn(),
  };
}

/**
 * PGlite answers one operation at a time from its own queue, which has no end. The gate counts the
 * operations started through it and refuses a new one at once when `limit` are already waiting, so
 * the embedded database has the same bounded wait as the PostgreSQL pool. It never holds anything
 * back itself, so a statement issued inside a transaction cannot wait on the transaction's slot.
 */
export class OperationGate {
  private inFlight = 0;

  constructor(private readonly limit: number) {}

  get waiting(): number {
    return Math.max(0, this.inFlight - 1);
  }

  wrap<C extends object>(client: C): C {
    const counted = new Set(['query', 'exec', 'transaction']);
    return new Proxy(client, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof property !== 'string' || !counted.has(property) || typeof value !== 'function') return value;
        return (...args: unknown[]) => this.run(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      },
    });
  }

  private async run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.limit) throw new DatabaseBusyError('The embedded database has too many operations waiting');
    this.inFlight += 1;
    try {
      return await operation();
    } finally {
      this.inFlight -= 1;
    }
  }
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
