import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaSetupResponseSchema, mfaStatusSchema, recoveryCodesResponseSchema } from '../../../contracts/auth';
import { mfaRecoveryCodes } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { hashRecoveryCode } from './recovery-codes';
import { totpCodeForStep, totpStep } from './totp';
import { auditOf, createAccount, currentCode, login, mfaSecretOf, type TestAccount } from './testing';

// Two-factor authentication from the security settings: enrol with a
// QR code, confirm with a code, get one-time recovery codes; turning it off or renewing the codes
// needs the password; each change ends the user's other sessions.

describe('two-factor authentication settings', () => {
  let t: TestApp;
  let nextIp = 1;
  const browser = () => new TestAgent(t.app, `10.5.0.${nextIp++}`);

  beforeAll(async () => {
    t = await createTestApp({ config: { organisationName: 'Harbour Clinic' } });
  });
  afterAll(() => t?.close());

  async function signedIn(account: TestAccount, extra: Record<string, unknown> = {}): Promise<TestAgent> {
    const agent = browser();
    const response = await login(agent, { email: account.email, password: account.password, ...extra });
    expect(response.statusCode).toBe(200);
    return agent;
  }

  /** Enrols through the API like the settings screen; returns the secret and the recovery codes. */
  async function enrol(agent: TestAgent): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = mfaSetupResponseSchema.parse((await agent.post('/api/auth/mfa/setup')).json());
    const enabled = await agent.post('/api/auth/mfa/enable', { code: await currentCode(setup.secret) });
    expect(enabled.statusCode).toBe(200);
    return { secret: setup.secret, recoveryCodes: recoveryCodesResponseSchema.parse(enabled.json()).recoveryCodes };
  }

  it('needs a session for every call', async () => {
    const agent = browser();
    expect((await agent.get('/api/auth/mfa')).statusCode).toBe(401);
    for (const url of ['/api/auth/mfa/setup', '/api/auth/mfa/enable', '/api/auth/mfa/disable', '/api/auth/mfa/recovery-codes']) {
      expect((await agent.post(url, { code: '123456', password: 'Whatever#1' })).statusCode, url).toBe(401);
    }
  });

  it('enrols: QR code for the organisation and the account, confirmation with a code, ten recovery codes shown once', async () => {
    const account = await createAccount(t.db.db);
    const agent = await signedIn(account);
    const other = await signedIn(account);

    expect(mfaStatusSchema.parse((await agent.get('/api/auth/mfa')).json())).toEqual({ enabled: false, recoveryCodesRemaining: 0 });

    const setupResponse = await agent.post('/api/auth/mfa/setup');
    expect(setupResponse.statusCode).toBe(200);
    const setup = mfaSetupResponseSchema.parse(setupResponse.json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Harbour%20Clinic:/);
    expect(setup.otpauthUri).toContain(encodeURIComponent(account.email));
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Not on yet: pending until a code confirms that the app has the secret.
    expect(await mfaSecretOf(t.db.db, account.user.id)).toMatchObject({ secret: null, pending: setup.secret });
    expect((await login(browser(), { email: account.email, password: account.password })).json().success).toBe(true);

    const wrong = await agent.post('/api/auth/mfa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { code: 'Invalid verification code' } });
    const malformed = await agent.post('/api/auth/mfa/enable', { code: '12' });
    expect(malformed.json().error.fields).toEqual({ code: 'MFA code must be 6 digits' });

    const enrolmentCode = await currentCode(setup.secret);
    const enabled = await agent.post('/api/auth/mfa/enable', { code: enrolmentCode });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = recoveryCodesResponseSchema.parse(enabled.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const stored = await t.db.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, account.user.id));
    expect(stored.map((c) => c.codeHash).sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    expect(await mfaSecretOf(t.db.db, account.user.id)).toMatchObject({ secret: setup.secret, pending: null });
    expect(mfaStatusSchema.parse((await agent.get('/api/auth/mfa')).json())).toEqual({ enabled: true, recoveryCodesRemaining: 10 });
    // This browser stays signed in; the other session ended.
    expect((await agent.get('/api/auth/session')).json().user.mfaEnabled).toBe(true);
    expect((await other.get('/api/auth/session')).json().user).toBeNull();

    // From now on sign-in asks for the second factor; the enrolment code cannot be replayed.
    expect((await login(browser(), { email: account.email, password: account.password })).json()).toEqual({
      success: false,
      mfaRequired: true,
    });
    const replay = await login(browser(), { email: account.email, password: account.password, mfaCode: enrolmentCode });
    expect(replay.statusCode).toBe(401);
    const { lastStep } = await mfaSecretOf(t.db.db, account.user.id);
    const nextCode = await totpCodeForStep(setup.secret, lastStep! + 1);
    const next = await login(browser(), { email: account.email, password: account.password, mfaCode: nextCode });
    expect(next.statusCode).toBe(200);

    // `other` and the browser that signed in before the code was confirmed.
    expect((await auditOf(t.db.db, 'auth.mfa-enabled', account.user.id)).at(-1)).toMatchObject({
      outcome: 'success',
      details: { sessionsEnded: 2 },
    });
  });

  it('refuses to confirm without a set-up, and to set up again while on', async () => {
    const account = await createAccount(t.db.db);
    const agent = await signedIn(account);
    const early = await agent.post('/api/auth/mfa/enable', { code: '123456' });
    expect(early.statusCode).toBe(400);
    await enrol(agent);
    const again = await agent.post('/api/auth/mfa/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
  });

  it('a new set-up replaces an unconfirmed one: only the newest secret can be confirmed', async () => {
    const account = await createAccount(t.db.db);
    const agent = await signedIn(account);
    const first = mfaSetupResponseSchema.parse((await agent.post('/api/auth/mfa/setup')).json());
    const second = mfaSetupResponseSchema.parse((await agent.post('/api/auth/mfa/setup')).json());
    expect(second.secret).not.toBe(first.secret);
    expect((await agent.post('/api/auth/mfa/enable', { code: await currentCode(first.secret) })).statusCode).toBe(400);
    expect((await agent.post('/api/auth/mfa/enable', { code: await currentCode(second.secret) })).statusCode).toBe(200);
  });

  it('renews the recovery codes with the password; the old ones stop working', async () => {
    const account = await createAccount(t.db.db);
    const agent = await signedIn(account);
    const { recoveryCodes: old } = await enrol(agent);

    const wrong = await agent.post('/api/auth/mfa/recovery-codes', { password: 'Not#Mine2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Current password is incorrect' });

    const renewed = await agent.post('/api/auth/mfa/recovery-codes', { password: account.password });
    expect(renewed.statusCode).toBe(200);
    const { recoveryCodes } = recoveryCodesResponseSchema.parse(renewed.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((code) => old.includes(code))).toBe(false);

    expect((await login(browser(), { email: account.email, password: account.password, recoveryCode: old[0] })).statusCode).toBe(401);
    expect((await login(browser(), { email: account.email, password: account.password, recoveryCode: recoveryCodes[0] })).statusCode).toBe(
      200,
    );
    expect(mfaStatusSchema.parse((await agent.get('/api/auth/mfa')).json())).toEqual({ enabled: true, recoveryCodesRemaining: 9 });
    expect((await auditOf(t.db.db, 'auth.mfa-recovery-codes', account.user.id)).at(-1)?.outcome).toBe('success');
  });

  it('refuses to renew recovery codes while MFA is off', async () => {
    const account = await createAccount(t.db.db);
    const agent = await signedIn(account);
    expect((await agent.post('/api/auth/mfa/recovery-codes', { password: account.password })).statusCode).toBe(409);
  });

  it('turns off with the password: secret and codes gone, other sessions ended, sign-in without a code again', async () => {
    const account = await createAccount(t.db.db, { mfa: true });
    const code = await totpCodeForStep(account.mfaSecret!, totpStep(new Date()));
    const agent = await signedIn(account, { mfaCode: code });
    const other = await signedIn(account, { recoveryCode: account.recoveryCodes![0] });

    const wrong = await agent.post('/api/auth/mfa/disable', { password: 'Not#Mine2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Current password is incorrect' });
    expect((await agent.get('/api/auth/mfa')).json().enabled).toBe(true);

    const off = await agent.post('/api/auth/mfa/disable', { password: account.password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true });
    expect(mfaStatusSchema.parse((await agent.get('/api/auth/mfa')).json())).toEqual({ enabled: false, recoveryCodesRemaining: 0 });
    expect(await mfaSecretOf(t.db.db, account.user.id)).toEqual({ secret: null, pending: null, lastStep: null });
    expect(await t.db.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, account.user.id))).toHaveLength(0);
    expect((await other.get('/api/auth/session')).json().user).toBeNull();
    expect((await agent.get('/api/auth/session')).json().user).not.toBeNull();

    const plain = await login(browser(), { email: account.email, password: account.password });
    expect(plain.json().success).toBe(true);
    expect((await auditOf(t.db.db, 'auth.mfa-disabled', account.user.id)).at(-1)).toMatchObject({ outcome: 'success' });
  });
});
