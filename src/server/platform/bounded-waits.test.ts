import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS } from '../../contracts/errors';
import { DatabaseBusyError, OperationGate, openDatabase, type DatabaseHandle } from '../db/client';
import { captureLogs, type LogCapture } from '../test-support/log-capture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestDatabase, testDatabaseUrl } from '../test-support/test-database';

// Every wait has an end: a request the database cannot take in time gets a quick 503 SERVER_BUSY
// with Retry-After (never a 500), and a request nobody waits for any more starts no database work.

const onPostgres = Boolean(testDatabaseUrl());

/** A promise released by hand: the test decides when a route may go on. */
function latch(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

function errorsIn(logs: LogCapture): Array<Record<string, unknown>> {
  return logs.entries().filter((entry) => typeof entry.level === 'number' && entry.level >= 50);
}

let t: TestApp | undefined;
let extra: DatabaseHandle | undefined;

afterEach(async () => {
  await t?.close();
  await extra?.close();
  t = undefined;
  extra = undefined;
});

async function appWithLogs(options: { requestTimeoutMs?: number; handle?: DatabaseHandle } = {}) {
  const logs = captureLogs();
  t = await createTestApp({
    handle: options.handle,
    logStream: logs.stream,
    config: { logLevel: 'info', ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}) },
  });
  return { app: t.app, logs };
}

describe('a database too busy to answer in time', () => {
  it.each([
    ['the pool had no connection in time', new Error('timeout exceeded when trying to connect'), 'acquire-timeout'],
    [
      'a statement ran past statement_timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      'statement-timeout',
    ],
    ['the embedded database queue was full', new DatabaseBusyError('The embedded database has too many operations waiting'), 'queue-full'],
    [
      'a wrapped query error',
      new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '25P03' }) }),
      'idle-transaction-timeout',
    ],
  ])('answers 503 SERVER_BUSY with Retry-After when %s, and logs no error', async (_case, failure, reason) => {
    const { app, logs } = await appWithLogs();
    app.get('/api/test/busy', { config: { access: 'public' } }, async () => {
      throw failure;
    });
    const response = await app.inject({ method: 'GET', url: '/api/test/busy' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(response.json()).toMatchObject({ error: { code: 'SERVER_BUSY' } });
    expect(errorsIn(logs)).toEqual([]);
    expect(logs.entries().find((entry) => entry.msg === 'too busy: answered 503 SERVER_BUSY')).toMatchObject({ reason });
  });

  it('the embedded database refuses an operation at once when its queue is full, and takes one again when it drains', async () => {
    const gate = new OperationGate(1);
    const held = [latch(), latch()];
    let calls = 0;
    const client = gate.wrap({
      query: (): Promise<void> => held[calls++]!.promise,
    });
    const first = client.query();
    const second = client.query();
    expect(gate.waiting).toBe(1);
    await expect(client.query()).rejects.toBeInstanceOf(DatabaseBusyError);
    held[0]!.release();
    held[1]!.release();
    await Promise.all([first, second]);
    expect(gate.waiting).toBe(0);
    held.push(latch());
    const third = client.query();
    held[2]!.release();
    await expect(third).resolves.toBeUndefined();
  });

  it.runIf(onPostgres)('a request that waits for a pooled connection longer than DB_ACQUIRE_TIMEOUT_MS gets 503 SERVER_BUSY', async () => {
    const base = await openTestDatabase();
    extra = base;
    const handle = await openDatabase({
      databaseUrl: base.databaseUrl,
      dataDir: 'memory://',
      limits: { poolSize: 2, acquireTimeoutMs: 100 },
    });
    const { app } = await appWithLogs({ handle });
    app.get('/api/test/query', { config: { access: 'public' } }, (request) =>
      app.uow.read(request.ctx, async (work) => {
        await work.db.execute(sql`select 1`);
        return { ok: true };
      }),
    );
    await app.ready();
    // Both of the pool's connections are taken until the request has been answered.
    const hold = latch();
    const taken = [latch(), latch()];
    const holders = taken.map((one) =>
      handle.db.transaction(async () => {
        one.release();
        await hold.promise;
      }),
    );
    await Promise.all(taken.map((one) => one.promise));
    const response = await app.inject({ method: 'GET', url: '/api/test/query' });
    hold.release();
    await Promise.all(holders);
    await handle.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVER_BUSY' } });
    expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
  });

  it.runIf(onPostgres)('a statement running past DB_STATEMENT_TIMEOUT_MS is cancelled and answered 503 SERVER_BUSY', async () => {
    const base = await openTestDatabase();
    extra = base;
    const handle = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: 'memory://', limits: { statementTimeoutMs: 100 } });
    const { app } = await appWithLogs({ handle });
    app.get('/api/test/slow', { config: { access: 'public' } }, (request) =>
      app.uow.read(request.ctx, async (work) => {
        await work.db.execute(sql`select pg_sleep(5)`);
        return { ok: true };
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/api/test/slow' });
    await handle.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVER_BUSY' } });
  });
});

describe('a request nobody waits for any more', () => {
  /** Adds a route that waits for `gate`, then reads through the unit of work; counts the reads started. */
  function slowRoute(app: FastifyInstance, gate: Promise<void>, arrived: () => void) {
    const started = { reads: 0 };
    app.get('/api/test/slow-read', { config: { access: 'public' } }, async (request) => {
      arrived();
      await gate;
      return app.uow.read(request.ctx, async () => {
        started.reads += 1;
        return { ok: true };
      });
    });
    return started;
  }

  it('starts no database work once its client has disconnected, and logs no error', async () => {
    const { app, logs } = await appWithLogs();
    const gate = latch();
    const arrived = latch();
    const serverSideClosed = latch();
    app.addHook('onRequest', async (request) => {
      if (request.url === '/api/test/slow-read') request.raw.socket.once('close', () => serverSideClosed.release());
    });
    const started = slowRoute(app, gate.promise, arrived.release);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET /api/test/slow-read HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await arrived.promise;
    socket.destroy();
    await serverSideClosed.promise;
    gate.release();
    await app.close();

    expect(started.reads).toBe(0);
    expect(errorsIn(logs)).toEqual([]);
    expect(logs.entries().some((entry) => String(entry.msg).startsWith('request abandoned'))).toBe(true);
  });

  it('is answered 503 SERVER_BUSY when REQUEST_TIMEOUT_MS runs out, and its later work is abandoned', async () => {
    const { app, logs } = await appWithLogs({ requestTimeoutMs: 50 });
    const gate = latch();
    const started = slowRoute(app, gate.promise, () => undefined);
    const response = await app.inject({ method: 'GET', url: '/api/test/slow-read' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVER_BUSY' } });
    expect(response.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    gate.release();
    await app.close();
    expect(started.reads).toBe(0);
    expect(errorsIn(logs)).toEqual([]);
  });
});
