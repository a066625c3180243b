import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { createAccount, login } from '../modules/auth/testing';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestAgent } from '../test-support/test-agent';

// Floods are bounded: requests refused for want of a session or a permission are limited per
// address (429 with Retry-After once over the budget), and a refusal repeated by the same caller
// from the same address leaves one audit event per window with a count, not one per request.

const PER_MINUTE = 12;

describe('floods of refused requests', () => {
  let t: TestApp;
  let nextIp = 1;
  let lastIp = '';
  const fromNewAddress = () => {
    lastIp = `10.21.0.${nextIp++}`;
    return new TestAgent(t.app, lastIp);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { deniedRequestsPerMinute: PER_MINUTE } });
  });
  afterAll(() => t?.close());

  const eventsFrom = (ip: string, action: string) =>
    t.db.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ip, ip), eq(auditEvents.action, action)))
      .orderBy(asc(auditEvents.id));

  it('answers 429 with Retry-After once an address is over its budget of refusals, and only that address', async () => {
    const flooder = fromNewAddress();
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await flooder.get('/api/audit/events')).statusCode, `request ${i + 1}`).toBe(401);
    }
    const limited = await flooder.get('/api/audit/events');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Any refused route from there, while the budget is spent.
    expect((await flooder.get('/api/me/access-log')).statusCode).toBe(429);
    // Public routes stay open to it (they have limits of their own), and other addresses are not touched.
    expect((await flooder.get('/api/auth/session')).statusCode).toBe(200);
    expect((await fromNewAddress().get('/api/audit/events')).statusCode).toBe(401);
  });

  it('limits a signed-in caller refused again and again (403) the same way', async () => {
    const patient = await createAccount(t.db.db, { role: 'patient' });
    const agent = fromNewAddress();
    expect((await login(agent, { email: patient.email, password: patient.password })).statusCode).toBe(200);
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await agent.get('/api/audit/events')).statusCode).toBe(403);
    const limited = await agent.get('/api/audit/events');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // What the patient may do still works.
    expect((await agent.get('/api/me/access-log')).statusCode).toBe(200);
  });

  it('keeps one audit event per caller, address, refusal and window, and writes the count when the window closes', async () => {
    const flooder = fromNewAddress();
    const address = lastIp;
    for (let i = 0; i < PER_MINUTE + 8; i += 1) await flooder.get('/api/audit/events');
    const during = await eventsFrom(address, 'access.denied');
    expect(during).toHaveLength(1);
    expect(during[0]).toMatchObject({ outcome: 'denied', resourceId: 'GET /api/audit/events', details: { reason: 'not_authenticated' } });

    await t.app.audit.flushRepeats();
    const after = await eventsFrom(address, 'access.denied');
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      outcome: 'denied',
      actorUserId: null,
      ip: address,
      resourceId: 'GET /api/audit/events',
      details: { reason: 'not_authenticated', repeats: PER_MINUTE + 7 },
    });
    // Nothing is counted twice: a second flush writes nothing more.
    await t.app.audit.flushRepeats();
    expect(await eventsFrom(address, 'access.denied')).toHaveLength(2);
    expect(await t.app.audit.verifyChain()).toMatchObject({ intact: true });
  });

  it('keeps one audit event per window for sign-in attempts at a blocked account, however many there are', async () => {
    const account = await createAccount(t.db.db);
    const attacker = fromNewAddress();
    const address = lastIp;
    for (let i = 0; i < 5; i += 1) await login(attacker, { email: account.email, password: `Wrong#Guess${i}` });
    for (let i = 0; i < 15; i += 1) expect((await login(attacker, { email: account.email, password: 'Wrong#Again' })).statusCode).toBe(429);
    const rateLimited = async () =>
      (await eventsFrom(address, 'auth.sign-in')).filter((e) => (e.details as { reason?: string }).reason === 'rate-limited');
    expect(await rateLimited()).toHaveLength(1);
    await t.app.audit.flushRepeats();
    const rows = await rateLimited();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.details).toMatchObject({ reason: 'rate-limited', repeats: 14 });
  });
});

describe('floods of requests for unknown paths', () => {
  const LIMIT = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { unknownPathsPerMinute: LIMIT } });
  });
  afterAll(() => t?.close());

  it('answers 404 up to the limit, then 429 with Retry-After, for that address only', async () => {
    const prober = new TestAgent(t.app, '10.22.0.1');
    for (let i = 0; i < LIMIT; i += 1) expect((await prober.get(`/api/no-such-thing-${i}`)).statusCode, `request ${i + 1}`).toBe(404);
    const limited = await prober.get('/api/no-such-thing-again');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await new TestAgent(t.app, '10.22.0.2').get('/api/no-such-thing')).statusCode).toBe(404);
  });
});
