import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS } from '../../contracts/errors';
import { DEFAULT_DATABASE_LIMITS } from '../db/client';
import { captureLogs } from '../test-support/log-capture';
import { createTestApp, type TestApp } from '../test-support/test-app';

// When too many operations wait for the database, new requests are refused at once with 503
// SERVER_BUSY and Retry-After, /readyz says "busy" and /healthz still answers; when the queue
// drains the same instance takes requests again by itself.

function latch(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('load shedding on a crowded database', () => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await createTestApp({
      logStream: logs.stream,
      config: { logLevel: 'info', shedding: { maxEventLoopDelayMs: 0, maxDatabaseWaiting: 2 } },
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  /** Takes every connection (PGlite has one) and queues two more operations behind them. */
  async function crowd(): Promise<() => Promise<void>> {
    const hold = latch();
    const connections = t.db.driver === 'pglite' ? 1 : DEFAULT_DATABASE_LIMITS.poolSize;
    const entered = Array.from({ length: connections }, () => latch());
    const holders = entered.map((inside) =>
      t.db.db.transaction(async () => {
        inside.release();
        await hold.promise;
      }),
    );
    await Promise.all(entered.map((inside) => inside.promise));
    const queued = [t.db.db.execute(sql`select 1`), t.db.db.execute(sql`select 2`)].map((query) => Promise.resolve(query));
    await vi.waitFor(() => expect(t.db.waiting()).toBeGreaterThanOrEqual(2));
    return async () => {
      hold.release();
      await Promise.all([...holders, ...queued]);
    };
  }

  it('refuses new requests with a quick 503, reports busy on /readyz, answers /healthz, and recovers when the queue drains', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/csrf-token' })).statusCode).toBe(200);
    const release = await crowd();

    const refused = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({ error: { code: 'SERVER_BUSY' } });
    // A signed-in looking request is refused the same way, before its session would be looked up.
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `caredeck-session=${'a'.repeat(43)}` },
    });
    expect(withCookie.statusCode).toBe(503);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'busy', database: 'up', load: 'database' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // The app's files cost the database nothing: a page half-loaded would help nobody.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(404);

    await release();

    expect(t.db.waiting()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/csrf-token' })).statusCode).toBe(200);
    const readyAgain = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(readyAgain.statusCode).toBe(200);
    expect(readyAgain.json()).toEqual({ status: 'ready', database: 'up' });

    const messages = logs.entries().map((entry) => String(entry.msg));
    expect(messages.some((msg) => msg.startsWith('shedding load'))).toBe(true);
    expect(messages.some((msg) => msg.startsWith('load back under the thresholds'))).toBe(true);
    expect(logs.entries().filter((entry) => typeof entry.level === 'number' && entry.level >= 50)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('load shedding on a queue that stands (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { shedding: { maxEventLoopDelayMs: 0, maxDatabaseWaiting: 0, maxDatabaseWaitMs: 50 } } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('refuses new requests once the head of the queue has waited past the limit, though only one waits', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/csrf-token' })).statusCode).toBe(200);
    const hold = latch();
    const entered = Array.from({ length: DEFAULT_DATABASE_LIMITS.poolSize }, () => latch());
    const holders = entered.map((inside) =>
      t.db.db.transaction(async () => {
        inside.release();
        await hold.promise;
      }),
    );
    await Promise.all(entered.map((inside) => inside.promise));

    // It waits for a connection until one is free or its acquire timeout ends it; either is fine here.
    const queued = Promise.resolve(t.db.db.execute(sql`select 1`)).catch(() => undefined);
    await vi.waitFor(() => expect(t.db.oldestWaitMs!()).toBeGreaterThanOrEqual(50), { timeout: 5_000 });
    expect(t.db.waiting()).toBe(1);
    const refused = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(refused.statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'busy', load: 'database' });

    hold.release();
    await Promise.all([...holders, queued]);
    expect(t.db.oldestWaitMs!()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/csrf-token' })).statusCode).toBe(200);
  });
});
