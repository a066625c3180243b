import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricCredentialsResponseSchema, passkeyRegistrationOptionsResponseSchema } from '../../../contracts/passkeys';
import { createPatient, createUser, Random } from '../../db/factories';
import { userSettings, webauthnChallenges, webauthnCredentials } from '../../db/schema';
import { AUTHENTICATOR_FLAGS, SoftwareAuthenticator } from '../../test-support/software-authenticator';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { appOrigin, auditActions, registerPasskey } from './biometric-test-helpers';

// Passkey registration and management from the security settings,
// through the real app on a real database, with a software authenticator in place of the browser's.

describe('passkey registration and management', () => {
  let testApp: TestApp;
  let origin: string;
  const random = new Random(3005);
  let ip = 0;
  /** Each agent its own address, so per-IP rate limits of one story never affect another. */
  const newAgent = () => new TestAgent(testApp.app, `10.1.0.${++ip}`);

  async function patientAgent() {
    const { user } = await createPatient(testApp.db.db, random);
    const agent = newAgent();
    await agent.signInAs(user.id);
    return { user, agent };
  }

  async function credentialRows(userId: string) {
    return testApp.db.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { demoMode: false } });
    origin = appOrigin(testApp.app.config.publicUrl);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  describe('registering', () => {
    it('a patient registers a passkey: the options ask for a passkey, the credential is stored, biometric sign-in turns on, and it is audited', async () => {
      const { user, agent } = await patientAgent();

      const asked = Date.now();
      const optionsAnswer = await agent.post('/api/biometric/register/options');
      const answered = Date.now();
      expect(optionsAnswer.statusCode).toBe(200);
      const { options } = passkeyRegistrationOptionsResponseSchema.parse(optionsAnswer.json());
      expect(options).toMatchObject({
        rp: { id: 'localhost' },
        user: { name: user.email },
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      // The challenge is stored for this user, for registration, for five minutes.
      const [stored] = await testApp.db.db
        .select()
        .from(webauthnChallenges)
        .where(eq(webauthnChallenges.challenge, String(options.challenge)));
      expect(stored).toMatchObject({ userId: user.id, purpose: 'registration' });
      // Five minutes from the moment the server made it, which lies within the request (on a busy
      // machine the row's own created_at, the transaction's start, may be well before that moment).
      expect(stored!.expiresAt.getTime()).toBeGreaterThanOrEqual(asked + 5 * 60_000);
      expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(answered + 5 * 60_000);

      const authenticator = new SoftwareAuthenticator(origin);
      const answer = await agent.post('/api/biometric/register/verify', {
        response: authenticator.createCredential(options),
        deviceName: '  Work laptop  ',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({
        success: true,
        credential: {
          credentialId: authenticator.credentialId,
          userId: user.id,
          enabled: true,
          deviceName: 'Work laptop',
          lastUsedAt: null,
        },
      });

      const [row] = await credentialRows(user.id);
      expect(row).toMatchObject({ credentialId: authenticator.credentialId, counter: 0, transports: ['internal'], enabled: true });
      expect(row!.publicKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const [settings] = await testApp.db.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
      expect(settings?.biometricEnabled).toBe(true);
      // The challenge is gone: used once.
      expect(
        await testApp.db.db
          .select()
          .from(webauthnChallenges)
          .where(eq(webauthnChallenges.challenge, String(options.challenge))),
      ).toEqual([]);

      const audits = (await auditActions(testApp.db.db, 'passkey.register', 'success')).filter((e) => e.actorUserId === user.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ resourceType: 'passkey', resourceId: row!.id });
      expect(JSON.stringify(audits[0]!.details ?? {})).not.toContain(row!.publicKey);
    });

    it('keeps the biometric setting on when it already existed as off, and excludes registered passkeys from the next options', async () => {
      const { user, agent } = await patientAgent();
      await testApp.db.db.insert(userSettings).values({ userId: user.id, theme: 'dark', biometricEnabled: false });
      const first = await registerPasskey(agent, new SoftwareAuthenticator(origin), 'Phone');

      const [settings] = await testApp.db.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
      expect(settings).toMatchObject({ biometricEnabled: true, theme: 'dark' });

      const next = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json()).options;
      expect(next.excludeCredentials).toEqual([{ id: first.credentialId, type: 'public-key', transports: ['internal'] }]);
    });

    it('accepts a registration challenge once: the same response sent again is refused and nothing more is stored', async () => {
      const { user, agent } = await patientAgent();
      const { options } = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json());
      const response = new SoftwareAuthenticator(origin).createCredential(options);
      expect((await agent.post('/api/biometric/register/verify', { response })).statusCode).toBe(201);

      const replay = await agent.post('/api/biometric/register/verify', { response });
      expect(replay.statusCode).toBe(400);
      expect(await credentialRows(user.id)).toHaveLength(1);
    });

    it('uses up the challenge of a refused registration too: a good response to it afterwards stores nothing', async () => {
      const { user, agent } = await patientAgent();
      const { options } = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json());
      const elsewhere = await agent.post('/api/biometric/register/verify', {
        response: new SoftwareAuthenticator(origin).createCredential(options, { origin: 'https://evil.example' }),
      });
      expect(elsewhere.statusCode).toBe(400);
      const good = await agent.post('/api/biometric/register/verify', {
        response: new SoftwareAuthenticator(origin).createCredential(options),
      });
      expect(good.statusCode).toBe(400);
      expect(await credentialRows(user.id)).toEqual([]);
      const reasons = (await auditActions(testApp.db.db, 'passkey.register', 'failure'))
        .filter((e) => e.actorUserId === user.id)
        .map((e) => (e.details as { reason?: string }).reason);
      expect(reasons).toEqual(['verification', 'challenge']);
    });

    it('refuses a challenge issued to someone else, one never issued, and one that has expired', async () => {
      const { user, agent } = await patientAgent();
      const other = await patientAgent();

      const theirs = passkeyRegistrationOptionsResponseSchema.parse(
        (await other.agent.post('/api/biometric/register/options')).json(),
      ).options;
      const withTheirChallenge = await agent.post('/api/biometric/register/verify', {
        response: new SoftwareAuthenticator(origin).createCredential(theirs),
      });
      expect(withTheirChallenge.statusCode).toBe(400);

      const mine = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json()).options;
      const invented = await agent.post('/api/biometric/register/verify', {
        response: new SoftwareAuthenticator(origin).createCredential(mine, { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' }),
      });
      expect(invented.statusCode).toBe(400);

      await testApp.db.db
        .update(webauthnChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(webauthnChallenges.challenge, String(mine.challenge)));
      const expired = await agent.post('/api/biometric/register/verify', {
        response: new SoftwareAuthenticator(origin).createCredential(mine),
      });
      expect(expired.statusCode).toBe(400);

      expect(await credentialRows(user.id)).toEqual([]);
      expect(await credentialRows(other.user.id)).toEqual([]);
      const failures = (await auditActions(testApp.db.db, 'passkey.register', 'failure')).filter((e) => e.actorUserId === user.id);
      expect(failures.length).toBeGreaterThanOrEqual(3);
    });

    it('refuses a credential created for another origin or RP ID, or without user verification', async () => {
      const { user, agent } = await patientAgent();
      const cases = [
        { origin: 'https://evil.example' },
        { rpId: 'evil.example' },
        { flags: AUTHENTICATOR_FLAGS.UP | AUTHENTICATOR_FLAGS.AT },
      ];
      for (const overrides of cases) {
        const { options } = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json());
        const answer = await agent.post('/api/biometric/register/verify', {
          response: new SoftwareAuthenticator(origin).createCredential(options, overrides),
        });
        expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      }
      expect(await credentialRows(user.id)).toEqual([]);
      const [settings] = await testApp.db.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
      expect(settings?.biometricEnabled ?? false).toBe(false);
    });

    it('requires the session CSRF token: without it no challenge is issued and no credential stored', async () => {
      const { user, agent } = await patientAgent();
      const before = await testApp.db.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id));
      const noToken = await agent.post('/api/biometric/register/options', {}, { headers: { 'x-csrf-token': 'forged' } });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().error.code).toBe('CSRF_INVALID');
      expect(await testApp.db.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id))).toHaveLength(
        before.length,
      );

      const { options } = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json());
      const response = new SoftwareAuthenticator(origin).createCredential(options);
      const forged = await agent.post('/api/biometric/register/verify', { response }, { headers: { 'x-csrf-token': 'forged' } });
      expect(forged.statusCode).toBe(403);
      expect(await credentialRows(user.id)).toEqual([]);
    });

    it('rejects a malformed registration response with field errors', async () => {
      const { agent } = await patientAgent();
      const answer = await agent.post('/api/biometric/register/verify', { response: { id: 'x', type: 'public-key' } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('the signed-in routes without a session', () => {
    it.each([
      ['GET', '/api/biometric/credentials'],
      ['POST', '/api/biometric/register/options'],
      ['POST', '/api/biometric/register/verify'],
      ['PUT', `/api/biometric/credentials/${randomUUID()}`],
      ['DELETE', `/api/biometric/credentials/${randomUUID()}`],
      ['POST', '/api/biometric/update-usage'],
    ] as const)('%s %s answers 401', async (method, url) => {
      const answer = await newAgent().request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('managing passkeys', () => {
    it('lists only the caller’s own passkeys, with their public fields', async () => {
      const alice = await patientAgent();
      const bob = await patientAgent();
      const alicesKey = await registerPasskey(alice.agent, new SoftwareAuthenticator(origin), 'Alice phone');
      await registerPasskey(bob.agent, new SoftwareAuthenticator(origin), 'Bob phone');

      const answer = await alice.agent.get('/api/biometric/credentials');
      expect(answer.statusCode).toBe(200);
      const { credentials } = biometricCredentialsResponseSchema.parse(answer.json());
      expect(credentials).toEqual([alicesKey]);
      expect(answer.body).not.toContain('Bob phone');
      // The public key stays on the server.
      expect(answer.body).not.toContain('publicKey');
    });

    it('turns one’s own passkey off and on, and removes it, each audited', async () => {
      const { user, agent } = await patientAgent();
      const credential = await registerPasskey(agent, new SoftwareAuthenticator(origin));

      const off = await agent.put(`/api/biometric/credentials/${credential.id}`, { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ success: true, credential: { id: credential.id, enabled: false } });
      expect((await credentialRows(user.id))[0]?.enabled).toBe(false);
      const on = await agent.put(`/api/biometric/credentials/${credential.id}`, { enabled: true });
      expect(on.json().credential.enabled).toBe(true);

      const removed = await agent.delete(`/api/biometric/credentials/${credential.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ success: true });
      expect(await credentialRows(user.id)).toEqual([]);

      const updates = (await auditActions(testApp.db.db, 'passkey.update', 'success')).filter((e) => e.actorUserId === user.id);
      expect(updates.map((e) => e.details)).toEqual([{ enabled: false }, { enabled: true }]);
      const deletions = (await auditActions(testApp.db.db, 'passkey.delete', 'success')).filter((e) => e.actorUserId === user.id);
      expect(deletions).toHaveLength(1);
      expect(deletions[0]?.resourceId).toBe(credential.id);
    });

    it('answers 404 for someone else’s passkey exactly as for a missing one, and changes nothing', async () => {
      const owner = await patientAgent();
      const { user: doctorUser } = { user: await createUser(testApp.db.db, random, { role: 'doctor' }) };
      const intruder = newAgent();
      await intruder.signInAs(doctorUser.id);
      const credential = await registerPasskey(owner.agent, new SoftwareAuthenticator(origin), 'Owner key');
      const missing = randomUUID();

      const theirs = await intruder.put(`/api/biometric/credentials/${credential.id}`, { enabled: false });
      const nobodys = await intruder.put(`/api/biometric/credentials/${missing}`, { enabled: false });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(nobodys.json());

      const deleteTheirs = await intruder.delete(`/api/biometric/credentials/${credential.id}`);
      const deleteNobodys = await intruder.delete(`/api/biometric/credentials/${missing}`);
      expect(deleteTheirs.statusCode).toBe(404);
      expect(deleteTheirs.json()).toEqual(deleteNobodys.json());

      const usage = await intruder.post('/api/biometric/update-usage', { credentialId: credential.credentialId });
      expect(usage.statusCode).toBe(404);

      const [row] = await credentialRows(owner.user.id);
      expect(row).toMatchObject({ id: credential.id, enabled: true, deviceName: 'Owner key', lastUsedAt: null });
      // The attempts are on the record, as failures by the intruder.
      const attempts = [
        ...(await auditActions(testApp.db.db, 'passkey.update', 'failure')),
        ...(await auditActions(testApp.db.db, 'passkey.delete', 'failure')),
      ].filter((e) => e.actorUserId === doctorUser.id);
      expect(attempts.map((e) => e.resourceId).sort()).toEqual([credential.id, credential.id, missing, missing].sort());
    });

    it('refuses an id that is not a passkey id with a validation error, not a database error', async () => {
      const { agent } = await patientAgent();
      const answer = await agent.put("/api/biometric/credentials/1'%20or%20'1'='1", { enabled: false });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('records usage of one’s own passkey', async () => {
      const { user, agent } = await patientAgent();
      const credential = await registerPasskey(agent, new SoftwareAuthenticator(origin));
      const answer = await agent.post('/api/biometric/update-usage', { credentialId: credential.credentialId });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true });
      const [row] = await credentialRows(user.id);
      expect(row?.lastUsedAt).toBeInstanceOf(Date);
      expect(Date.now() - row!.lastUsedAt!.getTime()).toBeLessThan(60_000);
    });
  });
});
