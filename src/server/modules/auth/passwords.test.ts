import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordResponseSchema } from '../../../contracts/auth';
import { mailOutbox, passwordResetTokens, users } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, createAccount, currentCode, login, mailTo, resetTokenFrom, sessionSetCookie, type TestAccount } from './testing';

// Forgotten and changed passwords: the reset link travels by mail (here: the outbox), works once for
// 30 minutes, never skips the second factor and ends every session; a change ends the other
// sessions and rotates this one.

const FORGOT_ANSWER = { success: true, message: 'If an account exists for that email, we have sent a link to reset your password.' };
const TOKEN_INVALID = { error: { code: 'TOKEN_INVALID', message: 'This reset link is invalid or has expired. Please request a new one.' } };

describe('password flows', () => {
  let t: TestApp;
  let nextIp = 1;
  const browser = () => new TestAgent(t.app, `10.4.0.${nextIp++}`);

  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://portal.example.org' } });
  });
  afterAll(() => t?.close());

  async function signedIn(account: TestAccount, extra: Record<string, unknown> = {}): Promise<TestAgent> {
    const agent = browser();
    const response = await login(agent, { email: account.email, password: account.password, ...extra });
    expect(response.statusCode).toBe(200);
    return agent;
  }

  /** Asks for a link and reads it from the outbox, the way the demo admin would. */
  async function requestResetLink(account: TestAccount): Promise<string> {
    const before = (await mailTo(t.db.db, account.email, 'password-reset')).length;
    const response = await browser().post('/api/auth/forgot-password', { email: account.email });
    expect(response.json()).toEqual(FORGOT_ANSWER);
    const mails = await mailTo(t.db.db, account.email, 'password-reset');
    expect(mails).toHaveLength(before + 1);
    return resetTokenFrom(mails.at(-1)!.textBody);
  }

  describe('forgot password', () => {
    it('answers the same for an unknown email and sends nothing', async () => {
      const response = await browser().post('/api/auth/forgot-password', { email: 'nobody.here@identity.test' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(FORGOT_ANSWER);
      expect(await mailTo(t.db.db, 'nobody.here@identity.test')).toHaveLength(0);
    });

    it('sends a real account a link with a single-use token in the fragment; only its hash is stored', async () => {
      const account = await createAccount(t.db.db);
      const response = await browser().post('/api/auth/forgot-password', { email: account.email.toUpperCase() });
      expect(response.json()).toEqual(FORGOT_ANSWER);
      const [mail] = await mailTo(t.db.db, account.email, 'password-reset');
      expect(mail?.textBody).toContain('https://portal.example.org/reset-password#token=');
      expect(mail?.textBody).toContain('30 minutes');
      const token = resetTokenFrom(mail!.textBody);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const [row] = await t.db.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.user.id));
      expect(row?.tokenHash).toBe(hashToken(token));
      const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(lifetime).toBe(30 * 60_000);
      expect((await auditOf(t.db.db, 'auth.password-reset-requested', account.user.id)).at(-1)?.outcome).toBe('success');
    });

    it('sends nothing to a deactivated account', async () => {
      const account = await createAccount(t.db.db, { isActive: false });
      const response = await browser().post('/api/auth/forgot-password', { email: account.email });
      expect(response.json()).toEqual(FORGOT_ANSWER);
      expect(await mailTo(t.db.db, account.email)).toHaveLength(0);
    });

    it('asks for an email like the form does', async () => {
      const response = await browser().post('/api/auth/forgot-password', { email: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ email: 'Email is required' });
    });

    it('is rate limited per address', async () => {
      const agent = browser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await agent.post('/api/auth/forgot-password', { email: `someone${i}@identity.test` })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('reset password', () => {
    it('sets the new password, ends every session, marks first sign-in done, mails a notice, and does not sign in', async () => {
      const account = await createAccount(t.db.db, { isFirstTimeLogin: true });
      const elsewhere = await signedIn(account);
      const token = await requestResetLink(account);

      const agent = browser();
      const response = await agent.post('/api/auth/reset-password', { token, newPassword: 'Fresh#Start2026' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Your password has been reset. You can now sign in.' });
      expect(sessionSetCookie(response)).toBeUndefined();
      expect((await agent.get('/api/auth/session')).json().user).toBeNull();

      expect((await elsewhere.get('/api/auth/session')).json().user).toBeNull();
      expect((await login(browser(), { email: account.email, password: account.password })).statusCode).toBe(401);
      const fresh = await login(browser(), { email: account.email, password: 'Fresh#Start2026' });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().user.isFirstTimeLogin).toBe(false);

      const [row] = await t.db.db.select().from(users).where(eq(users.id, account.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordChangedAt).not.toBeNull();
      expect(await mailTo(t.db.db, account.email, 'password-changed')).toHaveLength(1);
      expect((await auditOf(t.db.db, 'auth.password-reset', account.user.id)).at(-1)?.outcome).toBe('success');
    });

    it('works once', async () => {
      const account = await createAccount(t.db.db);
      const token = await requestResetLink(account);
      expect((await browser().post('/api/auth/reset-password', { token, newPassword: 'First#Reset2026' })).statusCode).toBe(200);
      const again = await browser().post('/api/auth/reset-password', { token, newPassword: 'Second#Reset2026' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(TOKEN_INVALID);
      expect((await login(browser(), { email: account.email, password: 'First#Reset2026' })).statusCode).toBe(200);
    });

    it('expires after 30 minutes', async () => {
      const account = await createAccount(t.db.db);
      const token = await requestResetLink(account);
      await t.db.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
      const response = await browser().post('/api/auth/reset-password', { token, newPassword: 'Too#Late2026' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(TOKEN_INVALID);
      expect((await login(browser(), { email: account.email, password: account.password })).statusCode).toBe(200);
    });

    it('retires an older link when a new one is requested', async () => {
      const account = await createAccount(t.db.db);
      const older = await requestResetLink(account);
      const newer = await requestResetLink(account);
      expect((await browser().post('/api/auth/reset-password', { token: older, newPassword: 'Old#Link2026' })).json()).toEqual(
        TOKEN_INVALID,
      );
      expect((await browser().post('/api/auth/reset-password', { token: newer, newPassword: 'New#Link2026' })).statusCode).toBe(200);
    });

    it('refuses an unknown token', async () => {
      const response = await browser().post('/api/auth/reset-password', { token: 'x'.repeat(43), newPassword: 'Any#Thing2026' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(TOKEN_INVALID);
    });

    it('refuses a weak or a well-known password, and the link stays usable', async () => {
      const account = await createAccount(t.db.db);
      const token = await requestResetLink(account);
      const weak = await browser().post('/api/auth/reset-password', { token, newPassword: 'abc' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields).toEqual({ newPassword: 'Please create a stronger password' });
      const common = await browser().post('/api/auth/reset-password', { token, newPassword: 'Password1!' });
      expect(common.statusCode).toBe(400);
      expect(common.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { newPassword: 'This password is too common. Please choose another one.' },
      });
      expect((await browser().post('/api/auth/reset-password', { token, newPassword: 'Still#Valid2026' })).statusCode).toBe(200);
    });

    it('refuses a common password dressed up and one built on the account’s own name, and the link stays usable', async () => {
      const account = await createAccount(t.db.db);
      // A name long enough to count as one (a random one may be too short to be checked).
      await t.db.db.update(users).set({ lastName: 'Whitfield' }).where(eq(users.id, account.user.id));
      const token = await requestResetLink(account);
      const dressed = await browser().post('/api/auth/reset-password', { token, newPassword: 'P@ssw0rd2024' });
      expect(dressed.statusCode).toBe(400);
      expect(dressed.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { newPassword: 'This password is too easy to guess: avoid common words, names, years and simple letter swaps.' },
      });
      const own = await browser().post('/api/auth/reset-password', { token, newPassword: 'Lantern#Whitfield77' });
      expect(own.json().error.fields).toEqual({ newPassword: 'The password must not contain your name or email address.' });
      expect((await browser().post('/api/auth/reset-password', { token, newPassword: 'Tulip-Ferry-Ocean-42' })).statusCode).toBe(200);
    });

    describe('for an account with a second factor', () => {
      it('asks for the code and keeps the link valid, refuses a wrong code, accepts the right one', async () => {
        const account = await createAccount(t.db.db, { mfa: true });
        const token = await requestResetLink(account);
        const agent = browser();

        const noCode = await agent.post('/api/auth/reset-password', { token, newPassword: 'Second#Factor2026' });
        expect(noCode.statusCode).toBe(200);
        expect(noCode.json()).toEqual({ success: false, mfaRequired: true });
        expect(
          (await login(browser(), { email: account.email, password: account.password, mfaCode: await currentCode(account.mfaSecret!) }))
            .statusCode,
        ).toBe(200);

        const wrong = await agent.post('/api/auth/reset-password', { token, newPassword: 'Second#Factor2026', mfaCode: '000000' });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ error: { code: 'MFA_INVALID', message: 'Invalid verification code' } });

        // The code used for the sign-in above was spent: the next step's code is the one to use now.
        const right = await agent.post('/api/auth/reset-password', {
          token,
          newPassword: 'Second#Factor2026',
          mfaCode: await currentCode(account.mfaSecret!, 1),
        });
        expect(right.statusCode).toBe(200);
        expect(right.json().success).toBe(true);
        const [row] = await t.db.db.select({ mfaEnabled: users.mfaEnabled }).from(users).where(eq(users.id, account.user.id));
        expect(row?.mfaEnabled).toBe(true);
      });

      it('accepts a recovery code instead', async () => {
        const account = await createAccount(t.db.db, { mfa: true });
        const token = await requestResetLink(account);
        const response = await browser().post('/api/auth/reset-password', {
          token,
          newPassword: 'Recovered-Lantern#2026',
          recoveryCode: account.recoveryCodes![0],
        });
        expect(response.statusCode).toBe(200);
      });

      it('throttles wrong codes like sign-in', async () => {
        const account = await createAccount(t.db.db, { mfa: true });
        const token = await requestResetLink(account);
        const agent = browser();
        for (let i = 0; i < 5; i += 1) {
          expect(
            (await agent.post('/api/auth/reset-password', { token, newPassword: 'Guess#Code2026', mfaCode: '000000' })).statusCode,
          ).toBe(401);
        }
        const blocked = await agent.post('/api/auth/reset-password', { token, newPassword: 'Guess#Code2026', mfaCode: '000000' });
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      });
    });
  });

  describe('change password (signed in)', () => {
    it('refuses a wrong current password with a message beside the field', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const response = await agent.post('/api/auth/change-password', { currentPassword: 'Not#Mine2026', newPassword: 'Brand#New2026' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { currentPassword: 'Current password is incorrect' },
      });
      expect((await agent.get('/api/auth/session')).json().user).not.toBeNull();
    });

    it('refuses the current password again, a weak one and a well-known one', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const same = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: account.password });
      expect(same.json().error.fields).toEqual({ newPassword: 'The new password must differ from the current one' });
      const weak = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'password' });
      expect(weak.json().error.fields).toEqual({ newPassword: 'Please create a stronger password' });
      const common = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'Welcome1!' });
      expect(common.statusCode).toBe(400);
      expect(common.json().error.fields).toEqual({ newPassword: 'This password is too common. Please choose another one.' });
      for (const dressed of ['Password123!', 'Caredeck2026!', 'Welcome1!2026']) {
        const refused = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: dressed });
        expect(refused.statusCode, dressed).toBe(400);
        expect(refused.json().error.fields.newPassword, dressed).toMatch(/^This password is too (easy to guess|common)/);
      }
      const own = await agent.post('/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: `${account.email.split('@')[0]}#Lantern`,
      });
      expect(own.json().error.fields).toEqual({ newPassword: 'The password must not contain your name or email address.' });
      expect((await agent.get('/api/auth/session')).json().user).not.toBeNull();
      const missing = await agent.post('/api/auth/change-password', { currentPassword: '', newPassword: '' });
      expect(missing.json().error.fields).toEqual({ currentPassword: 'Current password is required', newPassword: 'Password is required' });
    });

    it('needs a session', async () => {
      const agent = browser();
      const response = await agent.post('/api/auth/change-password', { currentPassword: 'Any#Thing2026', newPassword: 'Brand#New2026' });
      expect(response.statusCode).toBe(401);
    });

    it('ends every other session, rotates this one, clears the first-sign-in flag and mails a notice', async () => {
      const account = await createAccount(t.db.db, { role: 'doctor', isFirstTimeLogin: true });
      const agent = await signedIn(account);
      const other = await signedIn(account);
      const before = agent.sessionToken!;
      const csrfBefore = await agent.fetchCsrfToken();

      const response = await agent.post('/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: 'Lantern#Renewed26',
      });
      expect(response.statusCode).toBe(200);
      const body = changePasswordResponseSchema.parse(response.json());
      expect(body.user.isFirstTimeLogin).toBe(false);
      expect(body.user.id).toBe(account.user.id);

      // This browser continues on a new token; the old one and the other browser are out.
      expect(agent.sessionToken).toBeDefined();
      expect(agent.sessionToken).not.toBe(before);
      expect((await agent.get('/api/auth/session')).json().user).not.toBeNull();
      expect(await agent.fetchCsrfToken()).not.toBe(csrfBefore);
      const stale = browser();
      stale.setSessionToken(before);
      expect((await stale.get('/api/auth/session')).json().user).toBeNull();
      expect((await other.get('/api/auth/session')).json().user).toBeNull();

      expect((await login(browser(), { email: account.email, password: account.password })).statusCode).toBe(401);
      expect((await login(browser(), { email: account.email, password: 'Lantern#Renewed26' })).statusCode).toBe(200);
      expect(await mailTo(t.db.db, account.email, 'password-changed')).toHaveLength(1);
      const [changed] = await auditOf(t.db.db, 'auth.password-changed', account.user.id);
      expect(changed).toMatchObject({ outcome: 'success', actorUserId: account.user.id, details: { sessionsEnded: 2 } });
      expect(JSON.stringify(changed)).not.toContain('Lantern#Renewed26');
    });

    it('throttles guesses of the current password', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await agent.post('/api/auth/change-password', { currentPassword: `Guess#${i}xxxx`, newPassword: 'Brand#New2026' })).statusCode,
        ).toBe(400);
      }
      const blocked = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'Brand#New2026' });
      expect(blocked.statusCode).toBe(429);
    });
  });

  it('keeps the audit chain intact through all of it', async () => {
    expect(await t.app.audit.verifyChain()).toMatchObject({ intact: true });
    const mails = await t.db.db.select().from(mailOutbox);
    expect(mails.length).toBeGreaterThan(0);
  });
});
