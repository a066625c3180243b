import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { accountBlockMs, accountKey, accountWideBlockMs, ipKey, THROTTLE } from './login-throttle';
import { auditOf, createAccount, login, type TestAccount } from './testing';

// Brute force: a few failures get 429 with Retry-After, the
// block ends, and the real user signing in from their own address is never locked out by an
// attacker elsewhere. Time is moved by moving the throttle's timestamps in the database.

const RATE_LIMITED = {
  error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please wait a few minutes and try again.' },
};

describe('sign-in throttle', () => {
  let t: TestApp;
  let nextIp = 1;
  let lastIp = '';
  /** A browser on an address no other story used; `lastIp` is its address. */
  const fromNewAddress = () => {
    lastIp = `10.3.0.${nextIp++}`;
    return new TestAgent(t.app, lastIp);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const rowFor = async (key: string) => (await t.db.db.select().from(authThrottle).where(eq(authThrottle.key, key)))[0];
  /** As if the block ended a second ago. */
  const endBlock = (key: string) =>
    t.db.db
      .update(authThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(authThrottle.key, key));

  it('blocks an account from one address after 5 failures, before even checking the password', async () => {
    const account = await createAccount(t.db.db);
    const attacker = fromNewAddress();
    for (let i = 0; i < 5; i += 1) {
      const response = await login(attacker, { email: account.email, password: `Wrong#Guess${i}` });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(attacker, { email: account.email, password: 'Wrong#Guess6' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // The right password is refused the same way while blocked: a blocked attacker learns nothing.
    const right = await login(attacker, { email: account.email, password: account.password });
    expect(right.statusCode).toBe(429);
    expect(right.body).toBe(blocked.body);
    expect(
      (await auditOf(t.db.db, 'auth.sign-in')).some((e) => e.details && (e.details as { reason?: string }).reason === 'rate-limited'),
    ).toBe(true);
  });

  it('lets the real user in from their own address while an attacker is blocked on the same account', async () => {
    const account = await createAccount(t.db.db);
    const attacker = fromNewAddress();
    for (let i = 0; i < 6; i += 1) await login(attacker, { email: account.email, password: `Wrong#Guess${i}` });
    expect((await login(attacker, { email: account.email, password: account.password })).statusCode).toBe(429);

    const owner = fromNewAddress();
    const response = await login(owner, { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
  });

  it('lets the user in once the block has passed, and the success clears the record', async () => {
    const account = await createAccount(t.db.db);
    const agent = fromNewAddress();
    for (let i = 0; i < 5; i += 1) await login(agent, { email: account.email, password: `Wrong#Guess${i}` });
    expect((await login(agent, { email: account.email, password: account.password })).statusCode).toBe(429);

    const key = accountKey(account.email, lastIp);
    expect((await rowFor(key))?.failures).toBe(5);
    await endBlock(key);
    const response = await login(agent, { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    expect(await rowFor(key)).toBeUndefined();
  });

  it('doubles the block with each further failure, up to 15 minutes', async () => {
    expect([5, 6, 7, 8, 9, 10, 11, 20].map(accountBlockMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    expect(accountBlockMs(4)).toBe(0);

    const account = await createAccount(t.db.db);
    const agent = fromNewAddress();
    const key = accountKey(account.email, lastIp);
    for (let i = 0; i < 5; i += 1) await login(agent, { email: account.email, password: `Wrong#Guess${i}` });
    await endBlock(key);
    expect((await login(agent, { email: account.email, password: 'Wrong#Again1' })).statusCode).toBe(401);
    const blocked = await login(agent, { email: account.email, password: 'Wrong#Again2' });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('forgets failures older than the 15-minute window', async () => {
    const account = await createAccount(t.db.db);
    const agent = fromNewAddress();
    const key = accountKey(account.email, lastIp);
    for (let i = 0; i < 4; i += 1) await login(agent, { email: account.email, password: `Wrong#Guess${i}` });
    await t.db.db
      .update(authThrottle)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(authThrottle.key, key));
    expect((await login(agent, { email: account.email, password: 'Wrong#Guess5' })).statusCode).toBe(401);
    expect((await rowFor(key))?.failures).toBe(1);
    expect((await login(agent, { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('blocks an address that fails 50 times across many accounts, for 15 minutes, and only that address', async () => {
    const sprayer = fromNewAddress();
    const address = lastIp;
    for (let i = 0; i < 50; i += 1) {
      const response = await login(sprayer, { email: `spray.${i}@nowhere.test`, password: 'Spring#2026' });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const account = await createAccount(t.db.db);
    const blocked = await login(sprayer, { email: account.email, password: account.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await rowFor(ipKey(address)))?.failures).toBe(50);

    expect((await login(fromNewAddress(), { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('does not count asking for the second factor as a failure', async () => {
    const account = await createAccount(t.db.db, { mfa: true });
    const agent = fromNewAddress();
    for (let i = 0; i < 7; i += 1) {
      const response = await login(agent, { email: account.email, password: account.password });
      expect(response.json()).toEqual({ success: false, mfaRequired: true });
    }
  });

  it('counts wrong second-factor codes like wrong passwords', async () => {
    const account = await createAccount(t.db.db, { mfa: true });
    const agent = fromNewAddress();
    for (let i = 0; i < 5; i += 1) {
      const response = await login(agent, { email: account.email, password: account.password, mfaCode: '000000' });
      expect(response.statusCode).toBe(401);
    }
    expect((await login(agent, { email: account.email, password: account.password, mfaCode: '000000' })).statusCode).toBe(429);
  });

  describe('per account, from any address', () => {
    /** Wrong passwords for `account`, each from an address no one used before. */
    async function failFromManyAddresses(account: TestAccount, count: number): Promise<void> {
      for (let i = 0; i < count; i += 1) {
        const response = await login(fromNewAddress(), { email: account.email, password: `Wrong#Spread${i}` });
        expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
      }
    }
    const accountWideKey = (account: TestAccount) => `acct:${account.email.toLowerCase()}`;

    it('delays an account guessed from many addresses, longer with each further failure, up to 15 minutes', async () => {
      expect(THROTTLE.accountWideFailures).toBe(10);
      expect([10, 11, 12, 15, 16, 30].map(accountWideBlockMs)).toEqual([30_000, 60_000, 120_000, 900_000, 900_000, 900_000]);
      expect(accountWideBlockMs(9)).toBe(0);

      const account = await createAccount(t.db.db);
      await failFromManyAddresses(account, THROTTLE.accountWideFailures);
      // A new address, the right password: the account itself is waiting now.
      const blocked = await login(fromNewAddress(), { email: account.email, password: account.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(RATE_LIMITED);
      const first = Number(blocked.headers['retry-after']);
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(30);

      await endBlock(accountWideKey(account));
      expect((await login(fromNewAddress(), { email: account.email, password: 'Wrong#Again1' })).statusCode).toBe(401);
      const longer = await login(fromNewAddress(), { email: account.email, password: account.password });
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThan(30);
      expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it('lets the real user in on a device they signed in from before, from any address, while strangers wait', async () => {
      const account = await createAccount(t.db.db);
      const laptop = fromNewAddress();
      expect((await login(laptop, { email: account.email, password: account.password })).statusCode).toBe(200);
      const deviceCookie = laptop.cookie('caredeck-device');
      expect(deviceCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

      await failFromManyAddresses(account, THROTTLE.accountWideFailures);
      expect((await login(fromNewAddress(), { email: account.email, password: account.password })).statusCode).toBe(429);

      // The same laptop on another network (a new address) still gets in.
      const travelling = fromNewAddress();
      travelling.setCookie('caredeck-device', deviceCookie!);
      const response = await login(travelling, { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);

      // A device cookie of another account, or a made-up one, does not open the way.
      const other = await createAccount(t.db.db);
      const otherLaptop = fromNewAddress();
      await login(otherLaptop, { email: other.email, password: other.password });
      const borrowed = fromNewAddress();
      borrowed.setCookie('caredeck-device', otherLaptop.cookie('caredeck-device')!);
      expect((await login(borrowed, { email: account.email, password: account.password })).statusCode).toBe(429);
      const forged = fromNewAddress();
      forged.setCookie('caredeck-device', 'A'.repeat(43));
      expect((await login(forged, { email: account.email, password: account.password })).statusCode).toBe(429);
    });

    it('sets the device cookie httpOnly, for the whole site, lasting beyond the browser session', async () => {
      const account = await createAccount(t.db.db);
      const response = await login(fromNewAddress(), { email: account.email, password: account.password });
      const cookie = response.cookies.find((c) => c.name === 'caredeck-device');
      expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie!.maxAge).toBeGreaterThan(30 * 24 * 3600);
    });
  });
});
