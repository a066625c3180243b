import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { BACKGROUND_HEADER } from '../../platform/session';
import { hashToken } from '../../platform/tokens';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, createAccount, login, sessionSetCookie, type TestAccount } from './testing';

// Sessions kept on the server, seen from a browser: sign-out, expiry, fixation and the CSRF token.

describe('sessions', () => {
  let t: TestApp;
  let nextIp = 1;
  const browser = () => new TestAgent(t.app, `10.2.0.${nextIp++}`);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function signedIn(account?: TestAccount): Promise<{ agent: TestAgent; account: TestAccount; token: string }> {
    const who = account ?? (await createAccount(t.db.db));
    const agent = browser();
    const response = await login(agent, { email: who.email, password: who.password });
    expect(response.statusCode).toBe(200);
    return { agent, account: who, token: agent.sessionToken! };
  }

  const rowOf = async (token: string) =>
    (
      await t.db.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]!;

  describe('GET /api/auth/session', () => {
    it('answers "No server session" (user null) to a browser that is not signed in', async () => {
      const response = await browser().get('/api/auth/session');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null, session: null, error: 'No server session' });
    });

    it('answers the user and when the session ends', async () => {
      const { agent, account } = await signedIn();
      const response = await agent.get('/api/auth/session');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { id: account.user.id, email: account.email },
        session: { expiresAt: expect.any(String), absoluteExpiresAt: expect.any(String) },
      });
    });
  });

  describe('sign-out', () => {
    it('ends the session on the server: the old cookie no longer works anywhere, and the event is audited', async () => {
      const { agent, account, token } = await signedIn();
      const response = await agent.post('/api/auth/logout');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      const cleared = sessionSetCookie(response);
      expect(cleared?.value).toBe('');
      expect((await agent.get('/api/auth/session')).json().user).toBeNull();

      // A copy of the cookie (another tab, or a thief) is dead too.
      const copy = browser();
      copy.setSessionToken(token);
      expect((await copy.get('/api/auth/session')).json().user).toBeNull();
      expect((await rowOf(token)).revokedAt).not.toBeNull();

      const events = await auditOf(t.db.db, 'auth.sign-out');
      expect(events.some((e) => e.actorUserId === account.user.id && e.outcome === 'success')).toBe(true);
    });

    it('answers success to a browser that was not signed in', async () => {
      const response = await browser().post('/api/auth/logout');
      expect(response.statusCode).toBe(200);
    });
  });

  describe('session fixation', () => {
    it('never adopts a cookie value chosen before sign-in', async () => {
      const account = await createAccount(t.db.db);
      const agent = browser();
      const planted = 'A'.repeat(43);
      agent.setSessionToken(planted);
      const response = await login(agent, { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);
      expect(agent.sessionToken).not.toBe(planted);
      const attacker = browser();
      attacker.setSessionToken(planted);
      expect((await attacker.get('/api/auth/session')).json().user).toBeNull();
    });

    it('gives a new token at every sign-in and ends the one the browser had', async () => {
      const { agent, account, token: before } = await signedIn();
      const again = await login(agent, { email: account.email, password: account.password });
      expect(again.statusCode).toBe(200);
      expect(agent.sessionToken).not.toBe(before);
      expect((await rowOf(before)).revokedAt).not.toBeNull();
      const stale = browser();
      stale.setSessionToken(before);
      expect((await stale.get('/api/auth/session')).json().user).toBeNull();
    });

    it('never lets the pre-sign-in CSRF cookie act as a session', async () => {
      const agent = browser();
      await agent.fetchCsrfToken();
      const preLogin = agent.cookie('caredeck-csrf');
      expect(preLogin).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const thief = browser();
      thief.setSessionToken(preLogin!);
      expect((await thief.get('/api/auth/session')).json().user).toBeNull();
      expect((await thief.get('/api/user/settings')).statusCode).toBe(401);
    });
  });

  describe('CSRF', () => {
    const forged = 'f'.repeat(43);

    it('refuses sign-in without the token or with a wrong one, and starts no session', async () => {
      const account = await createAccount(t.db.db);
      const agent = browser();
      await agent.fetchCsrfToken();
      for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': forged }]) {
        const response = await agent.post('/api/auth/login', { email: account.email, password: account.password }, { headers });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('CSRF_INVALID');
        expect(sessionSetCookie(response)).toBeUndefined();
      }
      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(bare.statusCode).toBe(403);
      expect(bare.json().error.code).toBe('CSRF_INVALID');
    });

    it('refuses sign-out without the session’s token, and the session lives on', async () => {
      const { agent } = await signedIn();
      for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': forged }]) {
        const response = await agent.post('/api/auth/logout', {}, { headers });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('CSRF_INVALID');
      }
      expect((await agent.get('/api/auth/session')).json().user).not.toBeNull();
    });

    it('refuses a password change without the token, and the password stays', async () => {
      const { agent, account } = await signedIn();
      const body = { currentPassword: account.password, newPassword: 'Brand#New2026' };
      for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': forged }]) {
        const response = await agent.post('/api/auth/change-password', body, { headers });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('CSRF_INVALID');
      }
      expect((await login(browser(), { email: account.email, password: account.password })).statusCode).toBe(200);
    });

    it('does not accept the pre-sign-in token once signed in (the session has its own)', async () => {
      const account = await createAccount(t.db.db);
      const agent = browser();
      const preLogin = await agent.fetchCsrfToken();
      await login(agent, { email: account.email, password: account.password });
      const response = await agent.post('/api/auth/logout', {}, { headers: { 'x-csrf-token': preLogin } });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('expiry (30 minutes of inactivity; 12 hours at most)', () => {
    it('refuses a session idle for more than 30 minutes and clears its cookie', async () => {
      const { agent, token } = await signedIn();
      await t.db.db
        .update(sessions)
        .set({ idleExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const response = await agent.get('/api/auth/session');
      expect(response.json()).toEqual({ user: null, session: null, error: 'No server session' });
      const cleared = sessionSetCookie(response);
      expect(cleared?.value).toBe('');
      expect(agent.sessionToken).toBeUndefined();
    });

    it('refuses a session a password change replaced without clearing the cookie, which by then is the new one', async () => {
      const { agent, account, token } = await signedIn();
      const changed = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'Brand#New2026' });
      expect(changed.statusCode).toBe(200);
      const fresh = agent.sessionToken;
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(token);

      // A request that left with the old cookie while the change was on its way.
      const late = browser();
      late.setSessionToken(token);
      const refused = await late.get('/api/user/settings');
      expect(refused.statusCode).toBe(401);
      expect(sessionSetCookie(refused)).toBeUndefined();
      expect((await agent.get('/api/user/settings')).statusCode).toBe(200);
    });

    it('refuses a session past its absolute lifetime even if it was active a moment ago', async () => {
      const { agent, token } = await signedIn();
      await t.db.db
        .update(sessions)
        .set({ absoluteExpiresAt: new Date(Date.now() - 1000), idleExpiresAt: new Date(Date.now() + 20 * 60_000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const response = await agent.get('/api/user/settings');
      expect(response.statusCode).toBe(401);
      expect(sessionSetCookie(response)?.value).toBe('');
    });

    it('slides the inactivity timeout on activity, but not on background polling', async () => {
      const { agent, token } = await signedIn();
      const quietSince = new Date(Date.now() - 10 * 60_000);
      const idleAt = new Date(quietSince.getTime() + 30 * 60_000);
      await t.db.db
        .update(sessions)
        .set({ lastSeenAt: quietSince, idleExpiresAt: idleAt })
        .where(eq(sessions.tokenHash, hashToken(token)));

      const polled = await agent.get('/api/auth/session', { headers: { [BACKGROUND_HEADER]: '1' } });
      expect(polled.statusCode).toBe(200);
      expect((await rowOf(token)).idleExpiresAt.getTime()).toBe(idleAt.getTime());
      expect(new Date(polled.json().session.expiresAt).getTime()).toBe(idleAt.getTime());

      const active = await agent.get('/api/auth/session');
      expect(active.statusCode).toBe(200);
      const slid = (await rowOf(token)).idleExpiresAt.getTime();
      expect(slid).toBeGreaterThan(Date.now() + 29 * 60_000);
      expect(new Date(active.json().session.expiresAt).getTime()).toBe(slid);
    });
  });
});
