import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, sessionResponseSchema } from '../../../contracts/auth';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { mfaRecoveryCodes, sessions, users } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, awayFromStepBoundary, createAccount, currentCode, login, mfaSecretOf, sessionSetCookie } from './testing';

// Who may sign in, with what, and what a failed attempt reveals.

describe('signing in with email and password', () => {
  let t: TestApp;
  let nextIp = 1;
  /** A browser on an address of its own, so the throttle of one story never touches another. */
  const browser = () => new TestAgent(t.app, `10.1.0.${nextIp++}`);

  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { demoMode: true } });
  });
  afterAll(() => t?.close());

  describe('each demo account', () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => !a.mfa)) {
      it(`signs in as ${account.label} (${account.role}) with an httpOnly session cookie and never sees a password hash`, async () => {
        const agent = browser();
        const response = await login(agent, { email: account.email, password: account.password });
        expect(response.statusCode).toBe(200);
        const body = loginResponseSchema.parse(response.json());
        expect(body.success).toBe(true);
        if (!body.success) return;
        expect(body.user.email).toBe(account.email);
        expect(body.user.role).toBe(account.role);
        expect(body.user.firstName).toBe(account.firstName);
        expect(body.user.isFirstTimeLogin).toBe(account.firstTimeLogin ?? false);
        expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
        expect(new Date(body.session.absoluteExpiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);

        const cookie = sessionSetCookie(response);
        expect(cookie?.httpOnly).toBe(true);
        expect(cookie?.sameSite).toBe('Lax');
        expect(cookie?.path).toBe('/');
        expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

        const current = await agent.get('/api/auth/session');
        expect(current.statusCode).toBe(200);
        const session = sessionResponseSchema.parse(current.json());
        expect(session.user.role).toBe(account.role);
        expect(session.user.id).toBe(body.user.id);

        for (const text of [response.body, current.body]) {
          expect(text).not.toMatch(/argon2|passwordHash|password_hash|mfaSecret/i);
          expect(text).not.toContain(account.password);
        }
        // Only the token's hash is stored.
        const [row] = await t.db.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(cookie!.value)));
        expect(row?.userId).toBe(body.user.id);
        const stored = await t.db.db.select({ token: sessions.tokenHash }).from(sessions);
        expect(stored.map((s) => s.token)).not.toContain(cookie!.value);
      });
    }

    it('accepts the email in any letter case', async () => {
      const response = await login(browser(), { email: 'PATIENT@CareDeck.Demo', password: 'Sunny-Meadow#2026' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe('patient@caredeck.demo');
    });
  });

  describe('refusals', () => {
    it('answers a wrong password and an unknown email identically', async () => {
      const wrongPassword = await login(browser(), { email: 'doctor@caredeck.demo', password: 'Doctor#2025' });
      const unknownEmail = await login(browser(), { email: 'nobody@caredeck.demo', password: 'Quiet-Harbor#2026' });
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } });
        expect(sessionSetCookie(response)).toBeUndefined();
      }
      expect(wrongPassword.body).toBe(unknownEmail.body);
    });

    it('refuses a deactivated account with the same answer, even with the right password', async () => {
      const account = await createAccount(t.db.db, { isActive: false });
      const response = await login(browser(), { email: account.email, password: account.password });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } });
    });

    it('refuses an account that has no password yet', async () => {
      const account = await createAccount(t.db.db);
      await t.db.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.user.id));
      const response = await login(browser(), { email: account.email, password: account.password });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('validates the form like the browser does, with the same messages', async () => {
      const response = await login(browser(), { email: 'not-an-email', password: '123' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { email: 'Please enter a valid email address', password: 'Password must be at least 6 characters' },
      });
      const empty = await login(browser(), { email: '', password: '' });
      expect(empty.json().error.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
      const badCode = await login(browser(), { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', mfaCode: '12ab' });
      expect(badCode.json().error.fields).toEqual({ mfaCode: 'MFA code must be 6 digits' });
    });

    it('records every failure in the audit log with its reason, and no password', async () => {
      const account = await createAccount(t.db.db);
      await login(browser(), { email: account.email, password: 'Wrong#Pass1' });
      const events = await auditOf(t.db.db, 'auth.sign-in', account.user.id);
      expect(events.at(-1)).toMatchObject({ outcome: 'failure', details: { reason: 'wrong-password' } });
      expect(JSON.stringify(events)).not.toContain('Wrong#Pass1');
    });
  });

  describe('with a second factor (TOTP)', () => {
    it('asks for the code after the right password, then signs in with the current code', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const agent = browser();
      const first = await login(agent, { email: account.email, password: account.password });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ success: false, mfaRequired: true });
      expect(sessionSetCookie(first)).toBeUndefined();
      expect((await agent.get('/api/auth/session')).json().user).toBeNull();

      const second = await login(agent, {
        email: account.email,
        password: account.password,
        mfaCode: await currentCode(account.mfaSecret!),
      });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ success: true, user: { id: account.user.id, mfaEnabled: true } });
      expect((await agent.get('/api/auth/session')).json().user).not.toBeNull();
    });

    it('never reveals that an account has MFA before the password is right', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const response = await login(browser(), { email: account.email, password: 'Wrong#Pass1' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('refuses a wrong code', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const code = await currentCode(account.mfaSecret!);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const response = await login(browser(), { email: account.email, password: account.password, mfaCode: wrong });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'MFA_INVALID', message: 'Invalid verification code' } });
      expect((await auditOf(t.db.db, 'auth.sign-in', account.user.id)).at(-1)).toMatchObject({
        outcome: 'failure',
        details: { reason: 'mfa-invalid' },
      });
    });

    it('accepts the previous and the next 30-second code (clock drift) but not older ones', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      await awayFromStepBoundary();
      const stale = await login(browser(), {
        email: account.email,
        password: account.password,
        mfaCode: await currentCode(account.mfaSecret!, -3),
      });
      expect(stale.statusCode).toBe(401);
      const previous = await login(browser(), {
        email: account.email,
        password: account.password,
        mfaCode: await currentCode(account.mfaSecret!, -1),
      });
      expect(previous.statusCode).toBe(200);
      const next = await login(browser(), {
        email: account.email,
        password: account.password,
        mfaCode: await currentCode(account.mfaSecret!, 1),
      });
      expect(next.statusCode).toBe(200);
    });

    it('accepts a code once: the same code replayed is refused, and so is an earlier one after a later was used', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const code = await currentCode(account.mfaSecret!);
      const used = await login(browser(), { email: account.email, password: account.password, mfaCode: code });
      expect(used.statusCode).toBe(200);
      const replayed = await login(browser(), { email: account.email, password: account.password, mfaCode: code });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json().error.code).toBe('MFA_INVALID');
      const previous = await login(browser(), {
        email: account.email,
        password: account.password,
        mfaCode: await currentCode(account.mfaSecret!, -1),
      });
      expect(previous.statusCode).toBe(401);
      expect((await mfaSecretOf(t.db.db, account.user.id)).lastStep).not.toBeNull();
    });

    it('lets only one of two simultaneous sign-ins with the same code through', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const code = await currentCode(account.mfaSecret!);
      const attempts = await Promise.all(
        [browser(), browser(), browser()].map((agent) => login(agent, { email: account.email, password: account.password, mfaCode: code })),
      );
      expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    });

    it('accepts each recovery code once, in any case and with or without the dash', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const [first, second] = account.recoveryCodes!;
      const ok = await login(browser(), { email: account.email, password: account.password, recoveryCode: first!.toLowerCase() });
      expect(ok.statusCode).toBe(200);
      const again = await login(browser(), { email: account.email, password: account.password, recoveryCode: first });
      expect(again.statusCode).toBe(401);
      expect(again.json().error.code).toBe('MFA_INVALID');
      const undashed = await login(browser(), { email: account.email, password: account.password, recoveryCode: second!.replace('-', '') });
      expect(undashed.statusCode).toBe(200);

      const spent = await t.db.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, account.user.id));
      expect(spent.filter((c) => c.usedAt !== null)).toHaveLength(2);
      // One audit event per sign-in: the recovery code it spent is a step of it, with how many are left.
      const signIns = (await auditOf(t.db.db, 'auth.sign-in')).filter((e) => e.actorUserId === account.user.id && e.outcome === 'success');
      const spentSteps = signIns.flatMap((e) => (e.details as { steps?: Array<Record<string, unknown>> }).steps ?? []);
      expect(spentSteps.filter((step) => step.action === 'auth.recovery-code-used').map(({ remaining }) => ({ remaining }))).toEqual([
        { remaining: 9 },
        { remaining: 8 },
      ]);
    });

    it('refuses another account’s recovery code', async () => {
      const mine = await createAccount(t.db.db, { mfa: true });
      const theirs = await createAccount(t.db.db, { mfa: true });
      const response = await login(browser(), { email: mine.email, password: mine.password, recoveryCode: theirs.recoveryCodes![0] });
      expect(response.statusCode).toBe(401);
    });

    it('signs the MFA demo account in with the code the demo list shows', async () => {
      const listed = await t.app.inject({ method: 'GET', url: '/api/demo/accounts' });
      const demo = listed
        .json<{ data: Array<{ email: string; password: string; mfa: boolean; mfaCode?: string }> }>()
        .data.find((a) => a.mfa)!;
      expect(demo.mfaCode).toMatch(/^\d{6}$/);
      const response = await login(browser(), { email: demo.email, password: demo.password, mfaCode: demo.mfaCode });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.mfaEnabled).toBe(true);
    });
  });

  it('audits each successful sign-in with its method, and the audit chain stays intact', async () => {
    const account = await createAccount(t.db.db);
    const response = await login(browser(), { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    const events = await auditOf(t.db.db, 'auth.sign-in');
    expect(events.some((e) => e.actorUserId === account.user.id && e.outcome === 'success' && e.resourceType === 'session')).toBe(true);
    expect(await t.app.audit.verifyChain()).toMatchObject({ intact: true, brokenAt: null });
  });
});
