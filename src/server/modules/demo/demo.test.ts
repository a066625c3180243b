import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccountsResponseSchema } from '../../../contracts/demo';
import { ROLES } from '../../../contracts/roles';
import { doctorProfiles, users } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from '../../test-support/test-database';
import { totpCodeForStep, totpStep } from '../auth/totp';

describe('demo accounts on the login screen', () => {
  let database: TestDatabaseHandle;
  let demo: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    demo = await createTestApp({ handle: database, seed: true, config: { demoMode: true } });
  });

  afterAll(async () => {
    await demo?.close();
    await database?.close();
  });

  async function listAccounts() {
    const response = await demo.app.inject({ method: 'GET', url: '/api/demo/accounts' });
    expect(response.statusCode).toBe(200);
    return demoAccountsResponseSchema.parse(response.json()).data;
  }

  describe('in demo mode, on the seeded organisation', () => {
    it('lists one account per role plus the MFA account, the first-sign-in doctor and the waiting-room display, each with email and password', async () => {
      const accounts = await listAccounts();
      const everyday = accounts.filter((a) => !a.mfa && a.email !== 'new.doctor@caredeck.demo' && a.kind !== 'waiting-room-display');
      expect(everyday.map((a) => a.role).sort()).toEqual([...ROLES].sort());
      expect(accounts.filter((a) => a.mfa)).toHaveLength(1);
      expect(accounts.find((a) => a.email === 'new.doctor@caredeck.demo')?.role).toBe('doctor');
      expect(accounts.find((a) => a.kind === 'waiting-room-display')).toMatchObject({ role: 'staff', email: 'display@caredeck.demo' });
      expect(accounts).toHaveLength(ROLES.length + 3);
      for (const account of accounts) {
        expect(account.email).toMatch(/^[^@\s]+@[^@\s]+$/);
        expect(account.password.length).toBeGreaterThanOrEqual(6);
        expect(account.label).not.toBe('');
      }
      expect(new Set(accounts.map((a) => a.email)).size).toBe(accounts.length);
    });

    it('tells every account apart by its label: the two doctors by name and specialty, the two patients by name', async () => {
      const accounts = await listAccounts();
      expect(new Set(accounts.map((a) => a.label)).size).toBe(accounts.length);
      expect(new Set(accounts.map((a) => a.kind)).size).toBe(accounts.length);
      const doctors = accounts.filter((a) => a.role === 'doctor');
      expect(doctors).toHaveLength(2);
      for (const account of accounts) {
        const [row] = await database.db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.email, account.email));
        expect(account.name).toBe(`${row!.firstName} ${row!.lastName}`);
        expect(account.label, account.email).toContain(account.name);
      }
      const specialties = await database.db
        .select({ email: users.email, specialty: doctorProfiles.specialty })
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .where(
          inArray(
            users.email,
            doctors.map((d) => d.email),
          ),
        );
      for (const doctor of doctors) {
        expect(doctor.label).toContain(specialties.find((s) => s.email === doctor.email)!.specialty);
      }
    });

    it('lists only accounts that really exist, with the role it shows', async () => {
      const accounts = await listAccounts();
      const rows = await database.db
        .select({ email: users.email, role: users.role, isActive: users.isActive })
        .from(users)
        .where(
          inArray(
            users.email,
            accounts.map((a) => a.email),
          ),
        );
      expect(rows).toHaveLength(accounts.length);
      for (const account of accounts) {
        const row = rows.find((r) => r.email.toLowerCase() === account.email.toLowerCase());
        expect(row, account.email).toBeDefined();
        expect(row?.role).toBe(account.role);
        expect(row?.isActive).toBe(true);
      }
    });

    it('stops offering an account once it is deactivated, so the list never offers a dead login', async () => {
      const [doctor] = (await listAccounts()).filter((a) => a.role === 'doctor' && a.email !== 'new.doctor@caredeck.demo');
      expect(doctor).toBeDefined();
      const email = doctor!.email;
      await database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
      try {
        const emails = (await listAccounts()).map((a) => a.email);
        expect(emails).not.toContain(email);
        expect(emails).toHaveLength(ROLES.length + 2);
      } finally {
        await database.db.update(users).set({ isActive: true }).where(eq(users.email, email));
      }
    });

    it('shows the MFA account’s current code, and only for that account', async () => {
      const accounts = await listAccounts();
      for (const account of accounts.filter((a) => !a.mfa)) {
        expect(account.mfaCode, account.email).toBeUndefined();
        expect(account.mfaCodeExpiresInSeconds, account.email).toBeUndefined();
      }
      const mfa = accounts.find((a) => a.mfa)!;
      const [row] = await database.db
        .select({ secret: users.mfaSecret, enabled: users.mfaEnabled })
        .from(users)
        .where(eq(users.email, mfa.email));
      expect(row?.enabled).toBe(true);
      const step = totpStep(new Date());
      // The code of this 30-second step (or the next, if a boundary passed while asking).
      const expected = [await totpCodeForStep(row!.secret!, step), await totpCodeForStep(row!.secret!, step + 1)];
      expect(expected).toContain(mfa.mfaCode);
      expect(mfa.mfaCodeExpiresInSeconds).toBeGreaterThanOrEqual(1);
      expect(mfa.mfaCodeExpiresInSeconds).toBeLessThanOrEqual(30);
    });

    it('shows the next code once the current one was used, so the list never offers a spent code', async () => {
      const mfa = (await listAccounts()).find((a) => a.mfa)!;
      const agent = new TestAgent(demo.app, '10.9.0.1');
      const first = await agent.post('/api/auth/login', { email: mfa.email, password: mfa.password, mfaCode: mfa.mfaCode });
      expect(first.statusCode).toBe(200);
      const again = (await listAccounts()).find((a) => a.mfa)!;
      expect(again.mfaCode).not.toBe(mfa.mfaCode);
      const second = await new TestAgent(demo.app, '10.9.0.2').post('/api/auth/login', {
        email: again.email,
        password: again.password,
        mfaCode: again.mfaCode,
      });
      expect(second.statusCode).toBe(200);
    });

    it('is never cached', async () => {
      const response = await demo.app.inject({ method: 'GET', url: '/api/demo/accounts' });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('outside demo mode', () => {
    let production: TestApp;
    beforeAll(async () => {
      // The same seeded database: the accounts exist, but a production deployment must not list them.
      production = await createTestApp({ handle: database, config: { demoMode: false } });
    });
    afterAll(async () => {
      await production?.close();
    });

    it('answers exactly like a route that does not exist', async () => {
      const response = await production.app.inject({ method: 'GET', url: '/api/demo/accounts' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      expect(response.body).not.toContain('@caredeck');
      expect(response.body).not.toMatch(/mfaCode/);
    });

    it('tells the browser demo mode is off', async () => {
      const response = await production.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(response.json()).toMatchObject({ demoMode: false });
    });
  });
});
