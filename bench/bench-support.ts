/**
 * Pieces the PostgreSQL benches share: a database of their own, waiting for a server to answer,
 * and the order statistics they print.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';

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
