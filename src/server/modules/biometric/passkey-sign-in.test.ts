import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIOMETRIC_MESSAGES, biometricChallengeResponseSchema, biometricVerifyResponseSchema } from '../../../contracts/passkeys';
import { createPatient, createUser, Random } from '../../db/factories';
import { sessions, userSettings, users, webauthnChallenges, webauthnCredentials } from '../../db/schema';
import { AUTHENTICATOR_FLAGS, SoftwareAuthenticator } from '../../test-support/software-authenticator';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { appOrigin, auditActions, registerPasskey } from './biometric-test-helpers';

// Signing in with a passkey (/api/biometric/auth/challenge and /verify): first a patient registers a
// passkey in the settings and signs out; then the login screen asks for a challenge, the
// authenticator signs it, and the server opens a session.

describe('passkey sign-in', () => {
  let testApp: TestApp;
  let origin: string;
  const random = new Random(3105);
  let ip = 0;
  const newAgent = () => new TestAgent(testApp.app, `10.2.0.${++ip}`);

  /** A patient with a registered passkey, signed out again: the starting point of sign-in. */
  async function patientWithPasskey(firstName = 'Sarah', overrides: Parameters<typeof createPatient>[2] = {}) {
    const { user } = await createPatient(testApp.db.db, random, { firstName, ...overrides });
    const settingsPage = newAgent();
    await settingsPage.signInAs(user.id);
    const authenticator = new SoftwareAuthenticator(origin);
    const credential = await registerPasskey(settingsPage, authenticator, 'Laptop');
    return { user, authenticator, credential };
  }

  async function challenge(agent: TestAgent, credentialId?: string) {
    const answer = await agent.post('/api/biometric/auth/challenge', credentialId ? { credentialId } : {});
    expect(answer.statusCode, answer.body).toBe(200);
    return biometricChallengeResponseSchema.parse(answer.json());
  }

  async function storedCredential(credentialId: string) {
    const [row] = await testApp.db.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.credentialId, credentialId));
    return row!;
  }

  async function sessionsOf(userId: string) {
    return testApp.db.db.select().from(sessions).where(eq(sessions.userId, userId));
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { demoMode: false } });
    origin = appOrigin(testApp.app.config.publicUrl);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('registers, then signs in with the passkey: a new session, the welcome message, the counter and last use stored, audited', async () => {
    const { user, authenticator, credential } = await patientWithPasskey('Sarah');
    const login = newAgent();

    const { challenge: issued, options } = await challenge(login);
    // The prompt times out after 60 s; user verification is required; any passkey of this site.
    expect(options).toMatchObject({ challenge: issued, rpId: 'localhost', timeout: 60_000, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const [stored] = await testApp.db.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, issued));
    expect(stored).toMatchObject({ purpose: 'authentication', userId: null });

    const answer = await login.post('/api/biometric/verify', authenticator.getAssertion(issued));
    expect(answer.statusCode, answer.body).toBe(200);
    const body = biometricVerifyResponseSchema.parse(answer.json());
    expect(body.message).toBe('Welcome back, Sarah!');
    expect(body.user).toMatchObject({ id: user.id, firstName: 'Sarah', role: 'patient' });
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(login.sessionToken).toBeDefined();

    // The new session works: the login page's follow-up call is signed in.
    const usage = await login.post('/api/biometric/update-usage', { credentialId: credential.credentialId });
    expect(usage.statusCode).toBe(200);
    const mine = await login.get('/api/biometric/credentials');
    expect(mine.json().credentials.map((c: { id: string }) => c.id)).toEqual([credential.id]);

    const row = await storedCredential(credential.credentialId);
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect(await testApp.db.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, issued))).toEqual([]);

    const signIns = (await auditActions(testApp.db.db, 'auth.sign-in', 'success')).filter((e) => e.actorUserId === user.id);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]?.details).toEqual({ method: 'passkey' });
  });

  it('asks the browser for one passkey when the login screen names it', async () => {
    const { credential } = await patientWithPasskey();
    const { options } = await challenge(newAgent(), credential.credentialId);
    expect(options.allowCredentials).toEqual([{ id: credential.credentialId, type: 'public-key' }]);
  });

  it('signs in an account with two-step sign-in on, with no code: a user-verified passkey satisfies MFA', async () => {
    const { user, authenticator } = await patientWithPasskey('Aisha');
    await testApp.db.db.update(users).set({ mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, user.id));
    const login = newAgent();
    const { challenge: issued } = await challenge(login);
    const answer = await login.post('/api/biometric/verify', authenticator.getAssertion(issued));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.mfaEnabled).toBe(true);
  });

  it('ends the session this browser had before and starts a new one (no fixation)', async () => {
    const { user, authenticator } = await patientWithPasskey();
    const someoneElse = await createUser(testApp.db.db, random, { role: 'staff' });
    const browser = newAgent();
    await browser.signInAs(someoneElse.id);
    const before = browser.sessionToken;

    const { challenge: issued } = await challenge(browser);
    const answer = await browser.post('/api/biometric/verify', authenticator.getAssertion(issued));
    expect(answer.statusCode).toBe(200);
    expect(browser.sessionToken).not.toBe(before);
    const [old] = await sessionsOf(someoneElse.id);
    expect(old?.revokedAt).toBeInstanceOf(Date);
    expect((await sessionsOf(user.id)).filter((s) => s.revokedAt === null)).toHaveLength(2); // settings page + this sign-in
  });

  describe('refusals', () => {
    async function expectRefused(
      agent: TestAgent,
      payload: Record<string, unknown>,
      message: string = BIOMETRIC_MESSAGES.failed,
      userId?: string,
      code = 'INVALID_CREDENTIALS',
    ): Promise<void> {
      const sessionsBefore = userId ? (await sessionsOf(userId)).length : 0;
      const answer = await agent.post('/api/biometric/verify', payload);
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toEqual({ error: { code, message } });
      expect(agent.sessionToken).toBeUndefined();
      if (userId) expect(await sessionsOf(userId)).toHaveLength(sessionsBefore);
    }

    it('refuses a replayed assertion and any second use of a challenge', async () => {
      const { user, authenticator } = await patientWithPasskey();
      const first = newAgent();
      const { challenge: issued } = await challenge(first);
      const assertion = authenticator.getAssertion(issued);
      expect((await first.post('/api/biometric/verify', assertion)).statusCode).toBe(200);

      // An attacker who captured the request replays it from another browser.
      await expectRefused(newAgent(), assertion, BIOMETRIC_MESSAGES.failed, user.id);
      // Even a fresh signature over the used challenge is refused.
      await expectRefused(newAgent(), authenticator.getAssertion(issued), BIOMETRIC_MESSAGES.failed, user.id);
      const failures = (await auditActions(testApp.db.db, 'auth.sign-in', 'failure')).filter((e) => {
        const details = e.details as { reason?: string } | null;
        return details?.reason === 'challenge';
      });
      expect(failures.length).toBeGreaterThanOrEqual(2);
    });

    it('refuses a challenge the server never issued, and an expired one', async () => {
      const { user, authenticator } = await patientWithPasskey();
      await expectRefused(
        newAgent(),
        authenticator.getAssertion('bm90LWlzc3VlZC1ieS10aGUtc2VydmVyLWF0LWFsbA'),
        BIOMETRIC_MESSAGES.failed,
        user.id,
      );

      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      await testApp.db.db
        .update(webauthnChallenges)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(webauthnChallenges.challenge, issued));
      await expectRefused(login, authenticator.getAssertion(issued), BIOMETRIC_MESSAGES.failed, user.id);
    });

    it('refuses a registration challenge used for sign-in', async () => {
      const { user, authenticator } = await patientWithPasskey();
      const settingsPage = newAgent();
      await settingsPage.signInAs(user.id);
      const options = (await settingsPage.post('/api/biometric/register/options')).json().options as { challenge: string };
      await expectRefused(newAgent(), authenticator.getAssertion(options.challenge), BIOMETRIC_MESSAGES.failed);
    });

    it('refuses an assertion made for another origin or RP ID, or without user verification, or signed by another key', async () => {
      const { user, authenticator, credential } = await patientWithPasskey();
      const stranger = new SoftwareAuthenticator(origin);
      const cases: Array<(issued: string) => Record<string, unknown>> = [
        (issued) => authenticator.getAssertion(issued, { origin: 'https://caredeck.evil.example' }),
        (issued) => authenticator.getAssertion(issued, { rpId: 'evil.example' }),
        (issued) => authenticator.getAssertion(issued, { flags: AUTHENTICATOR_FLAGS.UP }),
        (issued) => ({ ...stranger.getAssertion(issued), credentialId: credential.credentialId, userHandle: authenticator.userHandle }),
      ];
      for (const make of cases) {
        const login = newAgent();
        const { challenge: issued } = await challenge(login);
        await expectRefused(login, make(issued), BIOMETRIC_MESSAGES.failed, user.id);
      }
      expect((await storedCredential(credential.credentialId)).counter).toBe(0);
    });

    it('refuses a counter that does not move forward (a cloned authenticator) and keeps the stored counter', async () => {
      const { user, authenticator, credential } = await patientWithPasskey();
      const login = newAgent();
      const { challenge: first } = await challenge(login);
      expect((await login.post('/api/biometric/verify', authenticator.getAssertion(first, { counter: 5 }))).statusCode).toBe(200);

      for (const counter of [3, 5]) {
        const clone = newAgent();
        const { challenge: issued } = await challenge(clone);
        await expectRefused(clone, authenticator.getAssertion(issued, { counter }), BIOMETRIC_MESSAGES.failed, user.id);
      }
      expect((await storedCredential(credential.credentialId)).counter).toBe(5);
      const counterFailures = (await auditActions(testApp.db.db, 'auth.sign-in', 'failure')).filter(
        (e) => (e.details as { reason?: string } | null)?.reason === 'counter' && e.resourceId === credential.id,
      );
      expect(counterFailures).toHaveLength(2);

      const next = newAgent();
      const { challenge: issued } = await challenge(next);
      expect((await next.post('/api/biometric/verify', authenticator.getAssertion(issued, { counter: 6 }))).statusCode).toBe(200);
    });

    it('answers "No biometric credentials found" for a passkey it does not know', async () => {
      const unknown = new SoftwareAuthenticator(origin);
      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      await expectRefused(login, unknown.getAssertion(issued), BIOMETRIC_MESSAGES.noCredentials, undefined, 'PASSKEY_UNKNOWN');
    });

    it('answers "No enabled biometric credentials" when the passkey is turned off', async () => {
      const { user, authenticator, credential } = await patientWithPasskey();
      await testApp.db.db.update(webauthnCredentials).set({ enabled: false }).where(eq(webauthnCredentials.id, credential.id));
      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      await expectRefused(login, authenticator.getAssertion(issued), BIOMETRIC_MESSAGES.noEnabledCredentials, user.id, 'PASSKEY_DISABLED');
    });

    it('answers "No enabled biometric credentials" when biometric sign-in is off in the user’s settings', async () => {
      const { user, authenticator } = await patientWithPasskey();
      await testApp.db.db.update(userSettings).set({ biometricEnabled: false }).where(eq(userSettings.userId, user.id));
      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      await expectRefused(login, authenticator.getAssertion(issued), BIOMETRIC_MESSAGES.noEnabledCredentials, user.id, 'PASSKEY_DISABLED');
      const failures = (await auditActions(testApp.db.db, 'auth.sign-in', 'failure')).filter(
        (e) => (e.details as { reason?: string } | null)?.reason === 'biometric_off',
      );
      expect(failures.length).toBeGreaterThanOrEqual(1);
    });

    it('refuses a deactivated account', async () => {
      const { user, authenticator } = await patientWithPasskey();
      await testApp.db.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      await expectRefused(login, authenticator.getAssertion(issued), BIOMETRIC_MESSAGES.failed, user.id);
    });

    it('refuses a user handle that names someone other than the passkey’s owner', async () => {
      const { user, authenticator } = await patientWithPasskey();
      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      const assertion = authenticator.getAssertion(issued);
      const otherHandle = Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url');
      await expectRefused(login, { ...assertion, userHandle: otherHandle }, BIOMETRIC_MESSAGES.failed, user.id);
    });

    it('uses up the challenge of a refused sign-in too, and keeps the refusal on record', async () => {
      const { user, authenticator, credential } = await patientWithPasskey();
      const login = newAgent();
      const { challenge: issued } = await challenge(login);
      const otherHandle = Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url');
      await expectRefused(login, { ...authenticator.getAssertion(issued), userHandle: otherHandle }, BIOMETRIC_MESSAGES.failed, user.id);
      // The refusal's write committed: the same challenge, now signed correctly, opens nothing.
      await expectRefused(login, authenticator.getAssertion(issued), BIOMETRIC_MESSAGES.failed, user.id);
      const reasons = (await auditActions(testApp.db.db, 'auth.sign-in', 'failure'))
        .filter((e) => e.resourceId === credential.id)
        .map((e) => (e.details as { reason?: string }).reason);
      expect(reasons).toEqual(['user_handle', 'challenge']);
      expect((await storedCredential(credential.credentialId)).counter).toBe(0);
    });

    it('asks for the assertion fields when they are missing', async () => {
      const { credential } = await patientWithPasskey();
      const answer = await newAgent().post('/api/biometric/verify', { credentialId: credential.credentialId });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(answer.json().error.fields).sort()).toEqual(['authenticatorData', 'clientDataJSON', 'signature']);
    });
  });

  describe('before sign-in, CSRF and rate limits still apply', () => {
    it('needs the pre-session CSRF token for the challenge and the verification', async () => {
      const { authenticator } = await patientWithPasskey();
      const login = newAgent();
      const forged = await login.post('/api/biometric/auth/challenge', {}, { headers: { 'x-csrf-token': 'x' } });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('CSRF_INVALID');

      const { challenge: issued } = await challenge(login);
      const noToken = await login.post('/api/biometric/verify', authenticator.getAssertion(issued), { headers: { 'x-csrf-token': '' } });
      expect(noToken.statusCode).toBe(403);
      expect(login.sessionToken).toBeUndefined();
    });

    it('limits challenges per address to 30 a minute', async () => {
      const login = newAgent();
      for (let i = 0; i < 30; i += 1) expect((await login.post('/api/biometric/auth/challenge', {})).statusCode).toBe(200);
      const limited = await login.post('/api/biometric/auth/challenge', {});
      expect(limited.statusCode).toBe(429);
      // Another address is not affected.
      expect((await newAgent().post('/api/biometric/auth/challenge', {})).statusCode).toBe(200);
    });
  });
});
