import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clinic, OrganisationSettings } from '../../../contracts/organisation';
import type { PublicConfig } from '../../../contracts/public-config';
import { auditEvents, clinics, organisationSettings, permissions, userPermissions } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount, mailTo, type TestAccount } from '../auth/testing';

// Organisation settings and clinics, edited by admins (or system.config), shown
// publicly through GET /api/public/config.

const SETTINGS = {
  name: 'Riverside Care Group',
  logoUrl: '/icons/icon-192.png',
  supportEmail: 'help@riverside.example',
  phone: '+44 20 7946 0000',
  address: '1 River Way, London',
};

// The smallest valid PNG (1×1, transparent).
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('organisation settings', () => {
  let t: TestApp;
  let admin: TestAccount;
  let adminAgent: TestAgent;

  beforeAll(async () => {
    t = await createTestApp({ config: { organisationName: 'Env Clinic', supportEmail: 'env@clinic.example' } });
    admin = await createAccount(t.db.db, { role: 'admin' });
    adminAgent = new TestAgent(t.app);
    await adminAgent.signInAs(admin.user.id);
  });
  afterAll(() => t?.close());

  async function agentFor(role: 'patient' | 'doctor' | 'staff'): Promise<{ agent: TestAgent; account: TestAccount }> {
    const account = await createAccount(t.db.db, { role });
    const agent = new TestAgent(t.app);
    await agent.signInAs(account.user.id);
    return { agent, account };
  }

  const publicConfig = async () => {
    const response = await new TestAgent(t.app).get('/api/public/config');
    expect(response.statusCode).toBe(200);
    return { body: response.json<PublicConfig>(), headers: response.headers };
  };

  it('answers the configuration until an admin saves, then the saved settings, publicly and briefly cached', async () => {
    const before = await publicConfig();
    expect(before.body).toEqual({
      organisationName: 'Env Clinic',
      supportEmail: 'env@clinic.example',
      demoMode: t.app.config.demoMode,
      phone: null,
      address: null,
      logoUrl: null,
      clinics: [],
    });
    expect(before.headers['cache-control']).toBe('public, max-age=60');
    expect((await adminAgent.get('/api/admin/organisation')).json<{ data: OrganisationSettings }>().data.updatedAt).toBeNull();

    const saved = await adminAgent.put('/api/admin/organisation', SETTINGS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: OrganisationSettings }>().data).toMatchObject({ ...SETTINGS, updatedAt: expect.any(String) });
    // A change is visible at once on this instance (the short cache is dropped).
    expect((await publicConfig()).body).toMatchObject({
      organisationName: SETTINGS.name,
      supportEmail: SETTINGS.supportEmail,
      phone: SETTINGS.phone,
      address: SETTINGS.address,
      logoUrl: SETTINGS.logoUrl,
    });
    const [audited] = await t.db.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'organisation.update'), eq(auditEvents.actorUserId, admin.user.id)));
    expect(audited?.details).toEqual({ fields: ['address', 'logoUrl', 'name', 'phone', 'supportEmail'] });
  });

  it('signs the mail the server writes with the saved name and support address', async () => {
    // Saved by the test before: the configuration's name no longer appears in new mail.
    const patient = await createAccount(t.db.db, { role: 'patient' });
    expect((await new TestAgent(t.app).post('/api/auth/forgot-password', { email: patient.email })).statusCode).toBe(200);
    const [reset] = await mailTo(t.db.db, patient.email, 'password-reset');
    expect(reset?.subject).toBe(`Reset your ${SETTINGS.name} password`);
    expect(reset?.textBody).toContain(`your ${SETTINGS.name} account`);

    const email = `invited.${Date.now()}@organisation.test`;
    const invited = await adminAgent.post('/api/users', { role: 'staff', firstName: 'Ines', lastName: 'Vidal', email, position: 'nurse' });
    expect(invited.statusCode).toBe(201);
    const [invitation] = await mailTo(t.db.db, email, 'invitation');
    expect(invitation?.subject).toBe(`You are invited to ${SETTINGS.name}`);
    expect(invitation?.textBody).toContain(SETTINGS.supportEmail);
    expect(invitation?.textBody).not.toContain('Env Clinic');
  });

  it('accepts a small raster data URL logo, and clears optional fields sent empty', async () => {
    const response = await adminAgent.put('/api/admin/organisation', { ...SETTINGS, logoUrl: PNG_DATA_URL, phone: '', address: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ logoUrl: PNG_DATA_URL, phone: null, address: null });
  });

  it('refuses invalid settings with field errors and changes nothing', async () => {
    const [before] = await t.db.db.select().from(organisationSettings);
    const bad = [
      { ...SETTINGS, name: '  ' },
      { ...SETTINGS, supportEmail: 'not-an-email' },
      { ...SETTINGS, phone: 'call me' },
      { ...SETTINGS, logoUrl: 'https://evil.example/logo.png' },
      { ...SETTINGS, logoUrl: '//evil.example/logo.png' },
      { ...SETTINGS, logoUrl: 'javascript:alert(1)' },
      { ...SETTINGS, logoUrl: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
      { ...SETTINGS, logoUrl: `data:image/png;base64,${'A'.repeat(140_000)}` },
      { ...SETTINGS, role: 'admin' },
    ];
    for (const body of bad) {
      const response = await adminAgent.put('/api/admin/organisation', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const invalidName = await adminAgent.put('/api/admin/organisation', { ...SETTINGS, name: '' });
    expect(invalidName.json().error.fields).toMatchObject({ name: 'Name is required' });
    const [after] = await t.db.db.select().from(organisationSettings);
    expect(after).toEqual(before);
  });

  it('creates, lists, updates and deletes clinics; the public config lists them; each change is audited', async () => {
    const created = await adminAgent.post('/api/admin/clinics', {
      name: 'Harbour Clinic',
      latitude: '51.5',
      longitude: -0.12,
      address: '',
    });
    expect(created.statusCode).toBe(201);
    const clinic = created.json<{ data: Clinic }>().data;
    expect(clinic).toMatchObject({ name: 'Harbour Clinic', latitude: 51.5, longitude: -0.12, address: null });

    expect((await adminAgent.get('/api/admin/clinics')).json<{ data: Clinic[] }>().data).toEqual([clinic]);
    expect((await publicConfig()).body.clinics).toEqual([clinic]);

    const updated = await adminAgent.put(`/api/admin/clinics/${clinic.id}`, {
      name: 'Harbour Clinic North',
      latitude: 51.6,
      longitude: -0.1,
    });
    expect(updated.json<{ data: Clinic }>().data).toMatchObject({ id: clinic.id, name: 'Harbour Clinic North', latitude: 51.6 });

    expect((await adminAgent.delete(`/api/admin/clinics/${clinic.id}`)).statusCode).toBe(204);
    expect((await publicConfig()).body.clinics).toEqual([]);
    const actions = await t.db.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.resourceId, clinic.id));
    expect(actions.map((a) => a.action)).toEqual(['clinic.create', 'clinic.update', 'clinic.delete']);
  });

  it('refuses out-of-range coordinates and unknown or malformed ids, changing nothing', async () => {
    for (const body of [
      { name: 'X', latitude: 91, longitude: 0 },
      { name: 'X', latitude: 0, longitude: -181 },
      { name: 'X', latitude: 'north', longitude: 0 },
      { name: '', latitude: 0, longitude: 0 },
    ]) {
      expect((await adminAgent.post('/api/admin/clinics', body)).statusCode).toBe(400);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await adminAgent.put(`/api/admin/clinics/${missing}`, { name: 'X', latitude: 0, longitude: 0 })).statusCode).toBe(404);
    expect((await adminAgent.put('/api/admin/clinics/1%20or%201=1', { name: 'X', latitude: 0, longitude: 0 })).statusCode).toBe(404);
    expect((await adminAgent.delete(`/api/admin/clinics/${missing}`)).statusCode).toBe(404);
    expect(await t.db.db.select().from(clinics)).toEqual([]);
  });

  it('is refused to patients, doctors and staff without system.config (403), open to staff holding it', async () => {
    for (const role of ['patient', 'doctor', 'staff'] as const) {
      const { agent } = await agentFor(role);
      expect((await agent.get('/api/admin/organisation')).statusCode).toBe(403);
      expect((await agent.put('/api/admin/organisation', SETTINGS)).statusCode).toBe(403);
      expect((await agent.post('/api/admin/clinics', { name: 'X', latitude: 0, longitude: 0 })).statusCode).toBe(403);
    }
    expect((await new TestAgent(t.app).get('/api/admin/clinics')).statusCode).toBe(401);

    const { agent, account } = await agentFor('staff');
    const [permission] = await t.db.db.select().from(permissions).where(eq(permissions.permission, 'system.config'));
    await t.db.db.insert(userPermissions).values({ userId: account.user.id, permissionId: permission!.id, grantedBy: admin.user.id });
    expect((await agent.get('/api/admin/clinics')).statusCode).toBe(200);
  });
});
