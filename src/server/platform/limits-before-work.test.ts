import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, Random } from '../db/factories';
import { captureLogs } from '../test-support/log-capture';
import { TestAgent } from '../test-support/test-agent';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { rateLimitKey } from './rate-limit';

// Limits before work: a request refused by a rate limit, the body limit or a missing CSRF token is
// refused before its session is looked up, so a flood of them costs the database nothing; and the
// limiter never fails for a client that has already gone.

function latch(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('limits before the session lookup', () => {
  let t: TestApp;
  const arrived = latch();
  const closed = latch();
  const answered = latch();
  let agent: TestAgent;
  let lookups = 0;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await createTestApp({ logStream: logs.stream, config: { logLevel: 'info' } });
    const limited = { max: 2, timeWindow: '1 minute' };
    t.app.get('/api/test/limited', { config: { access: 'signed-in', rateLimit: limited } }, async () => ({ ok: true }));
    t.app.post('/api/test/change', { config: { access: 'signed-in' } }, async () => ({ ok: true }));
    t.app.get('/api/test/gone', { config: { access: 'public', rateLimit: { max: 100, timeWindow: '1 minute' } } }, async () => ({
      ok: true,
    }));
    // Runs before the route's rate limit, the way a slow hook would: the client leaves meanwhile.
    t.app.addHook('onRequest', async (request) => {
      if (request.url !== '/api/test/gone') return;
      request.raw.socket.once('close', () => closed.release());
      arrived.release();
      await closed.promise;
    });
    // onSend runs for every answer, an error's included (even one nobody will receive).
    t.app.addHook('onSend', async (request) => {
      if (request.url === '/api/test/gone') answered.release();
    });
    // Counts the session lookups that reach the database (the real lookup still runs).
    const find = t.app.sessions.find.bind(t.app.sessions);
    t.app.sessions.find = (token) => {
      lookups += 1;
      return find(token);
    };
    const user = await createUser(t.app.db, new Random(19), { role: 'patient' });
    agent = new TestAgent(t.app, '127.0.0.9');
    await agent.signInAs(user.id);
  });
  afterAll(() => t.close());

  it('looks the session up once for a request that passes every limit', async () => {
    const before = lookups;
    const response = await agent.get('/api/test/limited');
    expect(response.statusCode).toBe(200);
    expect(lookups - before).toBe(1);
  });

  it('answers 429 over the rate limit without looking the session up', async () => {
    await agent.get('/api/test/limited');
    const before = lookups;
    const response = await agent.get('/api/test/limited');
    expect(response.statusCode).toBe(429);
    expect(lookups).toBe(before);
  });

  it('answers 413 for a body over the limit without looking the session up', async () => {
    const before = lookups;
    const response = await agent.post(
      '/api/test/change',
      { text: 'x'.repeat(1024 * 1024 + 10) },
      { headers: { 'x-csrf-token': 'a'.repeat(43) } },
    );
    expect(response.statusCode).toBe(413);
    expect(lookups).toBe(before);
  });

  it('answers 403 CSRF_INVALID to an unsafe request without a token before looking the session up', async () => {
    const before = lookups;
    for (const token of ['', 'not-a-token']) {
      const response = await agent.post('/api/test/change', {}, { headers: { 'x-csrf-token': token } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'CSRF_INVALID' } });
    }
    expect(lookups).toBe(before);
    // With the session's own token the same request goes through (and is looked up).
    agent.resetCsrf();
    expect((await agent.post('/api/test/change', {})).statusCode).toBe(200);
    expect(lookups).toBeGreaterThan(before);
  });

  it('ignores a session cookie that no server could have issued: no lookup, cookie cleared, 401', async () => {
    const stranger = new TestAgent(t.app, '127.0.0.10');
    stranger.setSessionToken('x'.repeat(500));
    const before = lookups;
    const response = await stranger.get('/api/test/limited');
    expect(response.statusCode).toBe(401);
    expect(lookups).toBe(before);
    expect(response.cookies.some((cookie) => cookie.name.includes('session') && cookie.value === '')).toBe(true);
  });

  it('the limiter does not fail for a client that disconnected before its turn, and nothing is logged as an error', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET /api/test/gone HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await arrived.promise;
    socket.destroy();
    await closed.promise;
    await answered.promise;

    const errors = logs.entries().filter((entry) => typeof entry.level === 'number' && entry.level >= 50);
    expect(errors).toEqual([]);
  });
});

describe('the rate-limit key', () => {
  it('is the normalised client address, and a fixed key once the connection has closed', () => {
    const withAddress = (ip: string | undefined) => ({ ip }) as Parameters<typeof rateLimitKey>[0];
    expect(rateLimitKey(withAddress('127.0.0.7'))).toBe('127.0.0.7');
    expect(rateLimitKey(withAddress('::ffff:127.0.0.7'))).toBe('127.0.0.7');
    expect(rateLimitKey(withAddress(undefined))).toBe('connection-closed');
  });
});
