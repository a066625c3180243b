import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserResponseSchema, userListResponseSchema } from '../../../contracts/user-admin';
import { doctorProfiles, passwordResetTokens, sessions, users } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, createAccount, login, mailTo, resetTokenFrom, type TestAccount } from '../auth/testing';

// An admin lists, creates (by invitation), deactivates and reactivates accounts.

describe('admin: users', () => {
  let t: TestApp;
  let admin: TestAccount;
  let adminAgent: TestAgent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t.db.db, { role: 'admin' });
    adminAgent = await signedIn(admin);
  });
  afterAll(() => t?.close());

  async function signedIn(account: TestAccount): Promise<TestAgent> {
    const agent = new TestAgent(t.app);
    await agent.signInAs(account.user.id);
    return agent;
  }

  const staffBody = (email: string) => ({ role: 'staff', firstName: 'Nadia', lastName: 'Okafor', email, position: 'nurse' });
  const doctorBody = (email: string) => ({
    role: 'doctor',
    firstName: 'Tomás',
    lastName: 'Reyes',
    email,
    specialty: 'Cardiology',
    hospital: 'Northside Medical Center',
    department: 'Internal Medicine',
    experienceYears: 12,
    consultationFee: '180.00',
  });

  describe('who may call', () => {
    it('answers 401 without a session and 403 to every non-admin role, changing nothing', async () => {
      const anonymous = new TestAgent(t.app);
      expect((await anonymous.get('/api/users')).statusCode).toBe(401);
      for (const role of ['patient', 'doctor', 'staff'] as const) {
        const agent = await signedIn(await createAccount(t.db.db, { role }));
        expect((await agent.get('/api/users')).statusCode).toBe(403);
        const email = `blocked.${role}@user-admin.test`;
        expect((await agent.post('/api/users', staffBody(email))).statusCode).toBe(403);
        expect((await agent.put(`/api/users/${admin.user.id}/status`, { active: false })).statusCode).toBe(403);
        expect(await t.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      }
      const [row] = await t.db.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, admin.user.id));
      expect(row!.isActive).toBe(true);
      expect((await auditOf(t.db.db, 'access.denied')).length).toBeGreaterThanOrEqual(10);
    });
  });

  describe('listing', () => {
    it('searches by name or email, filters by role and status, pages and sorts', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const created: string[] = [];
      for (const [first, position] of [
        ['Aaron', 'billing'],
        ['Beatrix', 'nurse'],
        ['Cyrus', 'records'],
      ] as const) {
        const response = await adminAgent.post('/api/users', {
          ...staffBody(`${first.toLowerCase()}.${tag}@user-admin.test`),
          firstName: first,
          position,
        });
        expect(response.statusCode).toBe(201);
        created.push(response.json().data.id);
      }
      await adminAgent.put(`/api/users/${created[1]}/status`, { active: false });

      const all = userListResponseSchema.parse((await adminAgent.get(`/api/users?search=${tag}&sort=email`)).json());
      expect(all.total).toBe(3);
      expect(all.data.map((u) => u.firstName)).toEqual(['Aaron', 'Beatrix', 'Cyrus']);
      expect(all.data[0]).toMatchObject({ role: 'staff', position: 'billing', isActive: true, hasPassword: false, specialty: null });

      const desc = (await adminAgent.get(`/api/users?search=${tag}&sort=email&direction=desc`)).json();
      expect(desc.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Cyrus', 'Beatrix', 'Aaron']);

      const inactive = (await adminAgent.get(`/api/users?search=${tag}&status=inactive`)).json();
      expect(inactive.data.map((u: { id: string }) => u.id)).toEqual([created[1]]);

      const byName = (await adminAgent.get(`/api/users?search=${encodeURIComponent('cyrus okafor')}&role=staff`)).json();
      expect(byName.data.map((u: { id: string }) => u.id)).toContain(created[2]);
      expect((await adminAgent.get(`/api/users?search=${tag}&role=doctor`)).json().total).toBe(0);

      const page2 = (await adminAgent.get(`/api/users?search=${tag}&sort=email&page=2&pageSize=2`)).json();
      expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
      expect(page2.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Cyrus']);

      // LIKE wildcards are literal: "%" matches nobody's name.
      expect((await adminAgent.get('/api/users?search=%25%25%25')).json().total).toBe(0);
      expect((await auditOf(t.db.db, 'users.list')).length).toBeGreaterThan(0);
    });

    it('refuses a sort or filter outside the allow-lists with field errors', async () => {
      const response = await adminAgent.get('/api/users?sort=password_hash&role=root&pageSize=5000');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        'querystring.sort': 'Please choose one of the options',
        'querystring.role': 'Please choose one of the options',
        'querystring.pageSize': 'Please choose one of the options',
      });
    });
  });

  describe('creating accounts by invitation', () => {
    it('creates a staff member, emails a single-use set-password link, and the link works once', async () => {
      const email = `new.staff.${Date.now()}@user-admin.test`;
      const response = await adminAgent.post('/api/users', staffBody(email));
      expect(response.statusCode).toBe(201);
      const body = createUserResponseSchema.parse(response.json());
      expect(body.data).toMatchObject({
        email,
        role: 'staff',
        position: 'nurse',
        isActive: true,
        hasPassword: false,
        isFirstTimeLogin: false,
      });
      // The invitation lasts 72 hours.
      const lifetime = new Date(body.invitationExpiresAt).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(71 * 3600_000);
      expect(lifetime).toBeLessThanOrEqual(72 * 3600_000);

      const [mail] = await mailTo(t.db.db, email, 'invitation');
      expect(mail!.textBody).toContain('within 72 hours');
      const token = resetTokenFrom(mail!.textBody);
      // Nobody can sign in before the password is chosen.
      const anonymous = new TestAgent(t.app);
      expect((await login(anonymous, { email, password: 'Anything#2026' })).statusCode).toBe(401);

      const set = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'Fresh#Start2026' });
      expect(set.statusCode).toBe(200);
      const again = await anonymous.post('/api/auth/reset-password', { token, newPassword: 'Other#Start2026' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('TOKEN_INVALID');

      const signIn = await login(anonymous, { email, password: 'Fresh#Start2026' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user).toMatchObject({ role: 'staff', position: 'nurse' });

      const [event] = await auditOf(t.db.db, 'users.create', body.data.id);
      expect(event).toMatchObject({ actorUserId: admin.user.id, outcome: 'success', details: { role: 'staff', position: 'nurse' } });
    });

    it('creates a doctor with a directory profile, starting with isFirstTimeLogin', async () => {
      const email = `new.doctor.${Date.now()}@user-admin.test`;
      const response = await adminAgent.post('/api/users', doctorBody(email));
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data).toMatchObject({ role: 'doctor', specialty: 'Cardiology', isFirstTimeLogin: true, position: null });
      const [profile] = await t.db.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, data.id));
      expect(profile).toMatchObject({ hospital: 'Northside Medical Center', experienceYears: 12, consultationFee: '180.00' });
      const tokens = await t.db.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, data.id));
      expect(tokens).toHaveLength(1);
      // Stored hashed: the raw token exists only in the mail.
      const token = resetTokenFrom((await mailTo(t.db.db, email, 'invitation'))[0]!.textBody);
      expect(tokens[0]!.tokenHash).not.toBe(token);
      expect(tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()).toBe(72 * 3600_000);
    });

    it('answers validation errors with field paths and creates nothing', async () => {
      const email = `invalid.${Date.now()}@user-admin.test`;
      const response = await adminAgent.post('/api/users', {
        ...doctorBody(email),
        firstName: ' ',
        specialty: 'Astrology',
        hospital: '',
        experienceYears: -1,
        consultationFee: '12.345',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        firstName: 'First name is required',
        specialty: 'Please choose one of the options',
        hospital: 'Hospital is required',
        experienceYears: 'Please enter a whole number from 0 to 80',
        consultationFee: 'Please enter an amount such as 150 or 150.00',
      });
      const badEmail = await adminAgent.post('/api/users', staffBody('not-an-email'));
      expect(badEmail.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
      expect(await t.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('refuses other roles and fields meant for something else (no mass assignment)', async () => {
      const email = `mass.${Date.now()}@user-admin.test`;
      const asAdmin = await adminAgent.post('/api/users', { ...staffBody(email), role: 'admin' });
      expect(asAdmin.statusCode).toBe(400);
      const withExtras = await adminAgent.post('/api/users', { ...staffBody(email), isActive: false, passwordHash: 'x' });
      expect(withExtras.statusCode).toBe(400);
      expect(await t.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('answers 409 for an email already in use (any case), with the field, and sends nothing', async () => {
      const existing = await createAccount(t.db.db, { role: 'patient' });
      const response = await adminAgent.post('/api/users', staffBody(existing.email.toUpperCase()));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'An account with this email already exists' } });
      expect(await mailTo(t.db.db, existing.email, 'invitation')).toHaveLength(0);
      const failures = await auditOf(t.db.db, 'users.create');
      expect(failures.some((e) => e.outcome === 'failure' && (e.details as { reason?: string }).reason === 'email-taken')).toBe(true);
    });
  });

  describe('deactivating and reactivating', () => {
    it("ends the user's sessions at once and blocks sign-in, reset and session checks until reactivated", async () => {
      const staff = await createAccount(t.db.db, { role: 'staff' });
      const browser = new TestAgent(t.app);
      expect((await login(browser, { email: staff.email, password: staff.password })).statusCode).toBe(200);
      expect((await browser.get('/api/user/settings')).statusCode).toBe(200);

      const off = await adminAgent.put(`/api/users/${staff.user.id}/status`, { active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: staff.user.id, isActive: false });

      // The open session is refused on its very next request.
      expect((await browser.get('/api/user/settings')).statusCode).toBe(401);
      expect((await browser.get('/api/auth/session')).json()).toMatchObject({ user: null, error: 'No server session' });
      const live = await t.db.db.select().from(sessions).where(eq(sessions.userId, staff.user.id));
      expect(live.every((s) => s.revokedReason === 'account deactivated')).toBe(true);

      // Sign-in says nothing more than a wrong password would; a reset mails nothing.
      const denied = await login(new TestAgent(t.app), { email: staff.email, password: staff.password });
      expect(denied.statusCode).toBe(401);
      expect(denied.json().error.message).toBe('Invalid email or password');
      await new TestAgent(t.app).post('/api/auth/forgot-password', { email: staff.email });
      expect(await mailTo(t.db.db, staff.email, 'password-reset')).toHaveLength(0);

      const [event] = await auditOf(t.db.db, 'users.deactivate', staff.user.id);
      expect(event).toMatchObject({ outcome: 'success', actorUserId: admin.user.id, details: { sessionsEnded: 1 } });

      const on = await adminAgent.put(`/api/users/${staff.user.id}/status`, { active: true });
      expect(on.json().data.isActive).toBe(true);
      expect((await login(new TestAgent(t.app), { email: staff.email, password: staff.password })).statusCode).toBe(200);
      expect(await auditOf(t.db.db, 'users.reactivate', staff.user.id)).toHaveLength(1);
    });

    it('refuses to deactivate oneself', async () => {
      const response = await adminAgent.put(`/api/users/${admin.user.id}/status`, { active: false });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('You cannot deactivate your own account.');
      expect((await adminAgent.get('/api/user/settings')).statusCode).toBe(200);
      const [event] = await auditOf(t.db.db, 'users.deactivate', admin.user.id);
      expect(event).toMatchObject({ outcome: 'denied', details: { reason: 'self' } });
    });

    it('answers 404 for an unknown or malformed id and 400 for a bad body', async () => {
      expect((await adminAgent.put('/api/users/00000000-0000-4000-8000-000000000000/status', { active: false })).statusCode).toBe(404);
      expect((await adminAgent.put("/api/users/1' or '1'='1/status", { active: false })).statusCode).toBe(404);
      const staff = await createAccount(t.db.db, { role: 'staff' });
      const bad = await adminAgent.put(`/api/users/${staff.user.id}/status`, { active: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ active: 'Please choose one of the options' });
    });
  });
});
