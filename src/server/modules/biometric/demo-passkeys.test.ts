import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricVerifyResponseSchema } from '../../../contracts/passkeys';
import { createPatient, createUser, Random } from '../../db/factories';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { mfaRecoveryCodes, sessions, users, webauthnCredentials } from '../../db/schema';
import { captureLogs } from '../../test-support/log-capture';
import { SoftwareAuthenticator } from '../../test-support/software-authenticator';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { appOrigin, registerPasskey } from './biometric-test-helpers';

// Demo credentials never open a real deployment (docs/product.md, sign-in and sessions). There is
// no demo passkey: a demo account signs in with a passkey only through a real ceremony, like
// everyone else. And a database that holds the demo accounts, opened with demo mode off, keeps
// none of them usable: their passwords are published.

const random = new Random(13_003);
const DEMO_EMAILS = DEMO_ACCOUNTS.map((account) => account.email);

/** The demo accounts' rows as the seed makes them, with their published passwords. */
async function seedDemoAccounts(t: TestApp) {
  for (const account of DEMO_ACCOUNTS) {
    const overrides = {
      email: account.email,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
      isFirstTimeLogin: account.firstTimeLogin ?? false,
      ...(account.mfa ? { mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } : {}),
    };
    if (account.role === 'patient') await createPatient(t.db.db, random, overrides);
    else await createUser(t.db.db, random, { ...overrides, role: account.role });
  }
}

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('demo mode: no sign-in without a credential', () => {
  let demo: TestApp;
  let ip = 0;
  const agent = () => new TestAgent(demo.app, `10.13.3.${++ip}`);

  beforeAll(async () => {
    demo = await createTestApp({ config: { demoMode: true } });
    await seedDemoAccounts(demo);
  });
  afterAll(() => demo?.close());

  it('opens no account for a demo credential name, with or without isDemo and made-up assertion fields', async () => {
    const adminId = await userIdOf(demo, 'admin@caredeck.demo');
    const fake = { authenticatorData: 'AAAA', signature: 'AAAA', clientDataJSON: 'AAAA' };
    for (const role of ['admin', 'patient', 'doctor', 'staff']) {
      for (const body of [
        { credentialId: `demo_${role}`, isDemo: true },
        { credentialId: `demo_${role}` },
        { credentialId: `demo_${role}`, isDemo: true, ...fake },
      ]) {
        const login = agent();
        const answer = await login.post('/api/biometric/verify', body);
        expect([400, 401, 404], `${JSON.stringify(body)}: ${answer.body}`).toContain(answer.statusCode);
        expect(login.sessionToken).toBeUndefined();
      }
    }
    expect(await demo.db.db.select().from(sessions).where(eq(sessions.userId, adminId))).toHaveLength(0);
  });

  it('signs the demo patient in with a passkey only through a real ceremony', async () => {
    const patientId = await userIdOf(demo, 'patient@caredeck.demo');
    const settings = agent();
    await settings.signInAs(patientId);
    const authenticator = new SoftwareAuthenticator(appOrigin(demo.app.config.publicUrl));
    await registerPasskey(settings, authenticator, 'Demo laptop');

    const login = agent();
    const { challenge } = (await login.post('/api/biometric/auth/challenge', {})).json<{ challenge: string }>();
    const answer = await login.post('/api/biometric/verify', authenticator.getAssertion(challenge));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(biometricVerifyResponseSchema.parse(answer.json()).user.id).toBe(patientId);
  });
});

describe('starting with demo mode off on a database that holds the demo accounts', () => {
  let demo: TestApp;
  let production: TestApp;
  const logs = captureLogs();
  let ip = 0;
  const agentOf = (t: TestApp) => new TestAgent(t.app, `10.13.4.${++ip}`);
  let authenticator: SoftwareAuthenticator;
  let ownAdminId: string;

  beforeAll(async () => {
    demo = await createTestApp({ config: { demoMode: true } });
    await seedDemoAccounts(demo);
    // An account of the deployment's own, which must stay as it is.
    ownAdminId = (await createUser(demo.db.db, random, { role: 'admin', email: 'own.admin@clinic.test', password: 'Own#Admin2026x' })).id;
    // Before: the demo patient has a passkey and the demo admin a live session and recovery codes.
    const patientSettings = agentOf(demo);
    await patientSettings.signInAs(await userIdOf(demo, 'patient@caredeck.demo'));
    authenticator = new SoftwareAuthenticator(appOrigin(demo.app.config.publicUrl));
    await registerPasskey(patientSettings, authenticator, 'Demo phone');
    const adminLogin = await agentOf(demo).post('/api/auth/login', { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' });
    expect(adminLogin.statusCode).toBe(200);
    await demo.db.db.insert(mfaRecoveryCodes).values({ userId: await userIdOf(demo, 'mfa@caredeck.demo'), codeHash: 'x'.repeat(64) });

    production = await createTestApp({ handle: demo.db, config: { demoMode: false, logLevel: 'info' }, logStream: logs.stream });
    await production.app.ready();
  });
  afterAll(async () => {
    await production?.close();
    await demo?.close();
  });

  it('disables every demo account and its password, second factor, passkeys and sessions', async () => {
    const rows = await production.db.db
      .select({ id: users.id, isActive: users.isActive, passwordHash: users.passwordHash, mfaSecret: users.mfaSecret })
      .from(users)
      .where(inArray(users.email, DEMO_EMAILS));
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const row of rows) expect(row).toMatchObject({ isActive: false, passwordHash: null, mfaSecret: null });
    const ids = rows.map((row) => row.id);
    expect(
      await production.db.db
        .select()
        .from(webauthnCredentials)
        .where(and(inArray(webauthnCredentials.userId, ids), eq(webauthnCredentials.enabled, true))),
    ).toHaveLength(0);
    expect(
      await production.db.db
        .select()
        .from(sessions)
        .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt))),
    ).toHaveLength(0);
    expect(await production.db.db.select().from(mfaRecoveryCodes).where(inArray(mfaRecoveryCodes.userId, ids))).toHaveLength(0);
  });

  it('refuses the published passwords and the demo passkey, and keeps the deployment’s own accounts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const answer = await agentOf(production).post('/api/auth/login', { email: account.email, password: account.password });
      expect(answer.statusCode, account.email).toBe(401);
    }
    const login = agentOf(production);
    const { challenge } = (await login.post('/api/biometric/auth/challenge', {})).json<{ challenge: string }>();
    const answer = await login.post('/api/biometric/verify', authenticator.getAssertion(challenge));
    expect(answer.statusCode).toBe(401);
    expect(login.sessionToken).toBeUndefined();

    const own = await agentOf(production).post('/api/auth/login', { email: 'own.admin@clinic.test', password: 'Own#Admin2026x' });
    expect(own.statusCode).toBe(200);
    const [row] = await production.db.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, ownAdminId));
    expect(row!.isActive).toBe(true);
  });

  it('says so in the log, and how to go on', () => {
    const warning = logs.entries().find((entry) => String(entry.msg).includes('demo accounts'));
    expect(warning).toBeDefined();
    expect(warning).toMatchObject({ level: 40, disabled: DEMO_ACCOUNTS.length });
    expect(String(warning!.msg)).toMatch(/DEMO_MODE/);
  });

  it('brings the demo accounts back when started in demo mode again, as the log advises, and retires them again after', async () => {
    const again = await createTestApp({ handle: demo.db, config: { demoMode: true } });
    try {
      await again.app.ready();
      for (const account of DEMO_ACCOUNTS.filter((candidate) => !candidate.mfa)) {
        const answer = await agentOf(again).post('/api/auth/login', { email: account.email, password: account.password });
        expect(answer.statusCode, account.email).toBe(200);
      }
      // The deployment's own accounts are not touched.
      const [own] = await again.db.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, ownAdminId));
      expect(own!.isActive).toBe(true);
    } finally {
      await again.close();
    }
    const off = await createTestApp({ handle: demo.db, config: { demoMode: false } });
    try {
      await off.app.ready();
      const answer = await agentOf(off).post('/api/auth/login', { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' });
      expect(answer.statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});
