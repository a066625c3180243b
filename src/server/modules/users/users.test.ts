import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileUpdateResponseSchema } from '../../../contracts/profile';
import { userSettingsResponseSchema } from '../../../contracts/user-settings';
import { patientProfiles, users, userSettings } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, createAccount, type TestAccount } from '../auth/testing';

// The settings and profile routes (/api/user/settings, /api/user/profile/:id) serve one's own
// settings and profile only: someone else's record answers 404 and changes nothing.

describe('user settings and profile', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function signedIn(account: TestAccount): Promise<TestAgent> {
    const agent = new TestAgent(t.app);
    await agent.signInAs(account.user.id);
    return agent;
  }

  describe('settings', () => {
    it('needs a session', async () => {
      const agent = new TestAgent(t.app);
      expect((await agent.get('/api/user/settings')).statusCode).toBe(401);
      expect((await agent.put('/api/user/settings', { theme: 'dark' })).statusCode).toBe(401);
    });

    it('answers defaults before anything is saved', async () => {
      const account = await createAccount(t.db.db);
      const response = await (await signedIn(account)).get('/api/user/settings');
      expect(response.statusCode).toBe(200);
      expect(userSettingsResponseSchema.parse(response.json())).toEqual({
        data: {
          theme: null,
          language: null,
          notifications: { appointments: true, labResults: true, messages: true, system: true },
          security: { biometricEnabled: false, mfaEnabled: false },
        },
      });
    });

    it('reports MFA from the account', async () => {
      const account = await createAccount(t.db.db, { mfa: true });
      const response = await (await signedIn(account)).get('/api/user/settings');
      expect(response.json().data.security.mfaEnabled).toBe(true);
    });

    it('saves only what is sent, and keeps the rest', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const first = await agent.put('/api/user/settings', { theme: 'dark' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        data: {
          theme: 'dark',
          language: null,
          notifications: { appointments: true, labResults: true, messages: true, system: true },
          security: { biometricEnabled: false, mfaEnabled: false },
        },
      });

      const second = await agent.put('/api/user/settings', { language: 'ar', security: { biometricEnabled: true } });
      expect(second.json()).toEqual({
        data: {
          theme: 'dark',
          language: 'ar',
          notifications: { appointments: true, labResults: true, messages: true, system: true },
          security: { biometricEnabled: true, mfaEnabled: false },
        },
      });
      expect((await agent.get('/api/user/settings')).json()).toEqual(second.json());

      const rows = await t.db.db.select().from(userSettings).where(eq(userSettings.userId, account.user.id));
      expect(rows).toHaveLength(1);
      expect((await auditOf(t.db.db, 'settings.update', account.user.id)).map((e) => e.details)).toEqual([
        { fields: ['theme'] },
        { fields: ['language', 'biometricEnabled'] },
      ]);
    });

    it('refuses unknown keys and values outside the lists', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const unknown = await agent.put('/api/user/settings', { theme: 'dark', role: 'admin' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
      const badTheme = await agent.put('/api/user/settings', { theme: 'purple' });
      expect(badTheme.statusCode).toBe(400);
      expect(badTheme.json().error.fields).toEqual({ theme: 'Please choose one of the options' });
      const badLanguage = await agent.put('/api/user/settings', { language: 'xx' });
      expect(badLanguage.json().error.fields).toEqual({ language: 'Please choose one of the options' });
      expect((await agent.get('/api/user/settings')).json().data.theme).toBeNull();
      const [user] = await t.db.db.select({ role: users.role }).from(users).where(eq(users.id, account.user.id));
      expect(user?.role).toBe('patient');
    });

    it('keeps each user’s settings apart', async () => {
      const one = await createAccount(t.db.db);
      const two = await createAccount(t.db.db);
      await (await signedIn(one)).put('/api/user/settings', { theme: 'light' });
      expect((await (await signedIn(two)).get('/api/user/settings')).json().data.theme).toBeNull();
    });
  });

  describe('profile', () => {
    it('updates one’s own profile and answers the refreshed user', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const [before] = await t.db.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, account.user.id));

      const response = await agent.put(`/api/user/profile/${account.user.id}`, {
        firstName: '  Amara ',
        phone: '+44 20 7946 0958',
        address: '1 Harbour Road, Bristol',
        gender: 'female',
        dateOfBirth: '1988-04-02',
      });
      expect(response.statusCode).toBe(200);
      const body = profileUpdateResponseSchema.parse(response.json());
      expect(body.user).toMatchObject({
        id: account.user.id,
        firstName: 'Amara',
        lastName: account.user.lastName,
        name: `Amara ${account.user.lastName}`,
        phone: '+44 20 7946 0958',
        address: '1 Harbour Road, Bristol',
        gender: 'female',
        dateOfBirth: '1988-04-02',
      });
      expect(new Date(body.user.updatedAt).getTime()).toBeGreaterThan(before!.updatedAt.getTime());
      expect((await agent.get('/api/auth/session')).json().user.firstName).toBe('Amara');

      const [event] = await auditOf(t.db.db, 'profile.update', account.user.id);
      expect(event).toMatchObject({ outcome: 'success', patientId: account.user.id, actorUserId: account.user.id });
      expect(event?.details).toEqual({ fields: ['firstName', 'phone', 'dateOfBirth', 'gender', 'address'] });
      expect(JSON.stringify(event)).not.toContain('Harbour Road');
    });

    it('writes a patient’s emergency contact, with "Emergency Contact" as the default relationship, and clears it with null', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const set = await agent.put(`/api/user/profile/${account.user.id}`, {
        emergencyContact: { name: 'Omar Haddad', phone: '+1 555 010 2020' },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().user.emergencyContact).toEqual({
        name: 'Omar Haddad',
        phone: '+1 555 010 2020',
        relationship: 'Emergency Contact',
      });
      const [row] = await t.db.db.select().from(patientProfiles).where(eq(patientProfiles.userId, account.user.id));
      expect(row).toMatchObject({
        emergencyContactName: 'Omar Haddad',
        emergencyContactPhone: '+1 555 010 2020',
        emergencyContactRelationship: 'Emergency Contact',
      });

      const spouse = await agent.put(`/api/user/profile/${account.user.id}`, {
        emergencyContact: { name: 'Omar Haddad', phone: '+1 555 010 2020', relationship: 'Spouse' },
      });
      expect(spouse.json().user.emergencyContact.relationship).toBe('Spouse');

      const cleared = await agent.put(`/api/user/profile/${account.user.id}`, { emergencyContact: null });
      expect(cleared.json().user.emergencyContact).toBeNull();
    });

    it('ignores an emergency contact for roles without a patient profile', async () => {
      const account = await createAccount(t.db.db, { role: 'doctor' });
      const agent = await signedIn(account);
      const response = await agent.put(`/api/user/profile/${account.user.id}`, {
        lastName: 'Okoye',
        emergencyContact: { name: 'Someone', phone: '+1 555 010 3030' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ lastName: 'Okoye', emergencyContact: null });
      expect((await auditOf(t.db.db, 'profile.update', account.user.id)).at(-1)).toMatchObject({
        patientId: null,
        details: { fields: ['lastName'] },
      });
    });

    it('answers 404 for anyone else’s id, existing or not, and changes nothing', async () => {
      const me = await createAccount(t.db.db);
      const victim = await createAccount(t.db.db);
      const agent = await signedIn(me);
      const [before] = await t.db.db.select().from(users).where(eq(users.id, victim.user.id));

      for (const id of [victim.user.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const response = await agent.put(`/api/user/profile/${id}`, { firstName: 'Mallory' });
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      // Even an invalid body answers 404 for someone else's id: nothing to learn from the validation.
      expect((await agent.put(`/api/user/profile/${victim.user.id}`, { firstName: '' })).statusCode).toBe(404);

      const [after] = await t.db.db.select().from(users).where(eq(users.id, victim.user.id));
      expect(after).toEqual(before);
      expect(await auditOf(t.db.db, 'profile.update', victim.user.id)).toHaveLength(0);
    });

    it('validates with field paths, and changes nothing when invalid', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      const response = await agent.put(`/api/user/profile/${account.user.id}`, {
        firstName: '',
        phone: 'call me',
        dateOfBirth: '31/12/1990',
        emergencyContact: { name: 'Ok', phone: 'abc' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: {
          firstName: 'First name is required',
          phone: 'Please enter a valid phone number',
          dateOfBirth: 'Please enter a valid date of birth',
          'emergencyContact.phone': 'Please enter a valid phone number',
        },
      });
      const [row] = await t.db.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, account.user.id));
      expect(row?.firstName).toBe(account.user.firstName);
    });

    it('refuses fields that are not part of the profile (no mass assignment)', async () => {
      const account = await createAccount(t.db.db);
      const agent = await signedIn(account);
      for (const body of [{ role: 'admin' }, { email: 'new@identity.test' }, { isActive: false }, { mfaEnabled: false }]) {
        const response = await agent.put(`/api/user/profile/${account.user.id}`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const [row] = await t.db.db.select().from(users).where(eq(users.id, account.user.id));
      expect(row).toMatchObject({ role: 'patient', email: account.email, isActive: true });
    });

    it('needs a session', async () => {
      const account = await createAccount(t.db.db);
      expect((await new TestAgent(t.app).put(`/api/user/profile/${account.user.id}`, { firstName: 'X' })).statusCode).toBe(401);
    });
  });
});
