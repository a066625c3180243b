/**
 * Pieces the PostgreSQL benches share: a database of their own, waiting for a server to answer,
 * the statements a request runs, and the order statistics they print.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Where a bench creates its database (and drops it after): BENCH_DATABASE_URL, or the local PostgreSQL. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `fn` with a connection to the server's administrative database. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Resolves once the server on `port` answers /healthz with 200; rejects if `child` exits first or a minute passes. */
export function healthy(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = () => {
      const request = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (response) => {
        response.resume();
        if (response.statusCode === 200) resolve();
        else setTimeout(poll, 100);
      });
      request.on('error', () => (Date.now() > deadline ? reject(new Error(`port ${port} never answered`)) : setTimeout(poll, 100)));
    };
    child.on('exit', (code) => reject(new Error(`server on ${port} exited with ${code}`)));
    poll();
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One request to record: what it asks, as whom. */
export interface Probe {
  name: string;
  method: 'GET' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A statement a request ran, with its values. */
export interface RecordedStatement {
  text: string;
  values: unknown[];
}

/**
 * The statements one request of each probe runs, with their values, read from the driver of a
 * Caredeck built in this process on the database at `url`: each request is sent once to warm the
 * pool and its prepared statements, then again while the driver's query is wrapped.
 */
export async function recordStatements(url: string, probes: Probe[]): Promise<Map<string, RecordedStatement[]>> {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', DEMO_MODE: 'false', WEB_ROOT: path.join(ROOT, 'no-web-root') });
  const app = await buildApp(config);
  await app.ready();
  const original = pg.Client.prototype.query;
  let seen: RecordedStatement[] = [];
  const recording = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : (first.text ?? `(prepared ${first.name ?? '?'})`);
    // Drizzle passes a config object (text, row mode, types) with the values beside it.
    const values = (typeof first === 'string' ? undefined : first.values) ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined);
    seen.push({ text, values: values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  const recorded = new Map<string, RecordedStatement[]>();
  try {
    for (const probe of probes) {
      const send = () => app.inject({ method: probe.method, url: probe.url, headers: probe.headers, payload: probe.payload });
      const warm = await send();
      if (warm.statusCode >= 300) throw new Error(`${probe.name} answered ${warm.statusCode}: ${warm.body.slice(0, 200)}`);
      await app.audit.settled();
      seen = [];
      pg.Client.prototype.query = recording as typeof original;
      await send();
      await app.audit.settled();
      pg.Client.prototype.query = original;
      recorded.set(probe.name, seen);
    }
  } finally {
    pg.Client.prototype.query = original;
    await app.close();
  }
  return recorded;
}

/**
 * The built server (`dist/server/main.js`) in a process of its own, on PostgreSQL at `url`, without
 * Redis or demo data, logging only warnings; with `profileDir`, it writes a CPU profile there.
 * `env` adds to or overrides its environment (REDIS_URL, PUBLIC_URL for a bench of two instances).
 */
export function forkBuiltServer(url: string, port: number, profileDir?: string, env: Record<string, string> = {}): ChildProcess {
  return fork(path.join(ROOT, 'dist/server/main.js'), [], {
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}
