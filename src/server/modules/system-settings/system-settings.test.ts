import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemSettings, SystemSettingsUpdate } from '../../../contracts/system-settings';
import { buildAppointment, Random } from '../../db/factories';
import { appointmentReminders, appointments, auditEvents, permissions, sessions, systemSettings, userPermissions } from '../../db/schema';
import { mailFromHeader, SYSTEM_SETTINGS_CACHE_MS, systemSettingsSource } from '../../platform/system-settings';
import { hashToken } from '../../platform/tokens';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { TestAgent } from '../../test-support/test-agent';
import { settingsBodyOf } from '../../test-support/system-settings-body';
import { createTestApp, OPEN_ALL_WEEK, type TestApp } from '../../test-support/test-app';
import { createAccount, currentCode, login, mailTo, resetTokenFrom, type TestAccount } from '../auth/testing';

// The system settings an admin changes while the server runs, told as the admin meets them, and
// what each one changes for everybody else: the password minimum at registration and password
// change, the timeout of a session at its next renewal, the reminder job's times, the mail
// sender, and the second factor a role must set up.

const URL = '/api/admin/system-settings';
const HOUR = 3_600_000;
const MINUTE = 60_000;

const NO_MFA = { patient: false, doctor: false, staff: false, admin: false };

let t: TestApp;
let admin: TestAccount;
let adminAgent: TestAgent;
let address = 0;
/** A browser of its own address: sign-ins and registrations are limited per address. */
const browser = () => {
  address += 1;
  return new TestAgent(t.app, `10.44.${Math.floor(address / 250)}.${(address % 250) + 1}`);
};

beforeAll(async () => {
  t = await createTestApp({
    config: { reminderHoursBefore: [48, 2], organisationName: 'Env Clinic', supportEmail: 'env@clinic.example' },
  });
  admin = await createAccount(t.db.db, { role: 'admin' });
  adminAgent = browser();
  await adminAgent.signInAs(admin.user.id);
});
afterAll(() => t?.close());

async function current(): Promise<SystemSettings> {
  const response = await adminAgent.get(URL);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SystemSettings }>().data;
}

/** Saves `changes` on top of what is stored now (at the current version). */
async function save(changes: Partial<SystemSettingsUpdate>): Promise<SystemSettings> {
  const now = await current();
  const body = settingsBodyOf(now, changes);
  const response = await adminAgent.put(URL, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SystemSettings }>().data;
}

describe('the system settings', () => {
  it('answers the configuration and the built-in defaults until an admin saves', async () => {
    expect(await current()).toEqual({
      version: 1,
      updatedAt: null,
      sessionTimeoutMinutes: { saved: null, effective: 30, source: 'default' },
      passwordMinLength: { saved: null, effective: 6, source: 'default' },
      mfaRequired: NO_MFA,
      reminderHoursBefore: { saved: null, effective: [48, 2], source: 'configuration' },
      mailFromName: { saved: null, effective: 'Env Clinic', source: 'configuration' },
      mailFromAddress: { saved: null, effective: 'env@clinic.example', source: 'configuration' },
      clinicTimeZone: { saved: null, effective: 'UTC', source: 'configuration' },
      clinicHours: { saved: null, effective: OPEN_ALL_WEEK, source: 'default' },
      bookingApproval: { saved: null, effective: 'new-patients', source: 'default' },
    });
    expect(await t.app.systemSettings.current()).toMatchObject({
      sessionTimeoutMs: 30 * MINUTE,
      passwordMinLength: 6,
      bookingApproval: 'new-patients',
    });
  });

  it('refuses staff (even holding system.config), doctors, patients and nobody', async () => {
    expect((await browser().get(URL)).statusCode).toBe(401);
    for (const role of ['patient', 'doctor', 'staff'] as const) {
      const account = await createAccount(t.db.db, { role });
      const agent = browser();
      await agent.signInAs(account.user.id);
      expect((await agent.get(URL)).statusCode, role).toBe(403);
      expect((await agent.put(URL, { version: 1, mfaRequired: NO_MFA, sessionTimeoutMinutes: 10 })).statusCode, role).toBe(403);
    }
    const staff = await createAccount(t.db.db, { role: 'staff' });
    const [permission] = await t.db.db.select().from(permissions).where(eq(permissions.permission, 'system.config'));
    await t.db.db.insert(userPermissions).values({ userId: staff.user.id, permissionId: permission!.id, grantedBy: admin.user.id });
    const agent = browser();
    await agent.signInAs(staff.user.id);
    expect((await agent.get(URL)).statusCode).toBe(403);
    expect(await t.db.db.select().from(systemSettings)).toEqual([]);
  });

  it('refuses each out-of-range value with 400 and changes nothing', async () => {
    const valid = { version: 1, mfaRequired: NO_MFA };
    const bad: Record<string, unknown>[] = [
      { ...valid, sessionTimeoutMinutes: 4 },
      { ...valid, sessionTimeoutMinutes: 61 },
      { ...valid, sessionTimeoutMinutes: 12.5 },
      { ...valid, sessionTimeoutMinutes: 'soon' },
      { ...valid, passwordMinLength: 11 },
      { ...valid, passwordMinLength: 65 },
      { ...valid, reminderHoursBefore: [0] },
      { ...valid, reminderHoursBefore: [337] },
      { ...valid, reminderHoursBefore: [48, 24, 12, 6, 2] },
      { ...valid, reminderHoursBefore: [24, 24] },
      { ...valid, reminderHoursBefore: [1.5] },
      { ...valid, mailFromAddress: 'not-an-address' },
      { ...valid, mailFromName: 'x'.repeat(201) },
      { ...valid, mfaRequired: { ...NO_MFA, admin: 'yes' } },
      { ...valid, mfaRequired: { ...NO_MFA, robot: true } },
      { sessionTimeoutMinutes: 10, mfaRequired: NO_MFA },
      { ...valid, clinicOpeningDays: 5 },
      { ...valid, bookingApproval: 'sometimes' },
      { ...valid, bookingApproval: 'ALL' },
      { ...valid, bookingApproval: 2 },
      { ...valid, bookingApproval: ['all'] },
    ];
    for (const body of bad) {
      const response = await adminAgent.put(URL, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const timeout = await adminAgent.put(URL, { ...valid, sessionTimeoutMinutes: 61 });
    expect(timeout.json().error.fields).toEqual({ sessionTimeoutMinutes: 'Please enter a whole number of minutes from 5 to 60' });
    const twice = await adminAgent.put(URL, { ...valid, reminderHoursBefore: [24, 24] });
    expect(twice.json().error.fields).toEqual({ reminderHoursBefore: 'Each reminder time may be listed only once' });
    const approval = await adminAgent.put(URL, { ...valid, bookingApproval: 'sometimes' });
    expect(approval.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { bookingApproval: expect.any(String) } });
    expect(await t.db.db.select().from(systemSettings)).toEqual([]);
    expect((await current()).version).toBe(1);
  });

  it('saves, answers what is in force and from where, and audits the values before and after', async () => {
    const saved = await save({
      sessionTimeoutMinutes: 15,
      reminderHoursBefore: [2, 24],
      mailFromName: 'Riverside Care',
      bookingApproval: 'all',
    });
    expect(saved).toMatchObject({
      version: 2,
      updatedAt: expect.any(String),
      sessionTimeoutMinutes: { saved: 15, effective: 15, source: 'saved' },
      passwordMinLength: { saved: null, effective: 6, source: 'default' },
      // Sorted largest first, as the configuration's list is.
      reminderHoursBefore: { saved: [24, 2], effective: [24, 2], source: 'saved' },
      mailFromName: { saved: 'Riverside Care', effective: 'Riverside Care', source: 'saved' },
      mailFromAddress: { saved: null, effective: 'env@clinic.example', source: 'configuration' },
      bookingApproval: { saved: 'all', effective: 'all', source: 'saved' },
    });
    expect(await current()).toEqual(saved);
    // In force on this instance at once (the short-lived copy is dropped on save).
    expect(await t.app.systemSettings.current()).toMatchObject({
      sessionTimeoutMs: 15 * MINUTE,
      reminderHoursBefore: [24, 2],
      bookingApproval: 'all',
    });

    const [row] = await t.db.db.select().from(systemSettings);
    expect(row).toMatchObject({ version: 2, updatedBy: admin.user.id, sessionTimeoutMinutes: 15 });
    const [audited] = await t.db.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'system-settings.update'), eq(auditEvents.actorUserId, admin.user.id)));
    expect(audited).toMatchObject({ outcome: 'success', resourceType: 'system_settings', resourceId: '1' });
    expect(audited!.details).toMatchObject({
      version: 2,
      before: null,
      after: {
        sessionTimeoutMinutes: 15,
        reminderHoursBefore: [24, 2],
        mailFromName: 'Riverside Care',
        passwordMinLength: null,
        bookingApproval: 'all',
      },
    });

    // Cleared again: the configuration applies.
    const cleared = await save({ mailFromName: '', reminderHoursBefore: [], bookingApproval: null });
    expect(cleared.bookingApproval).toEqual({ saved: null, effective: 'new-patients', source: 'default' });
    expect(cleared.mailFromName).toEqual({ saved: null, effective: 'Env Clinic', source: 'configuration' });
    expect(cleared.reminderHoursBefore).toEqual({ saved: null, effective: [48, 2], source: 'configuration' });
    const audits = await t.db.db.select().from(auditEvents).where(eq(auditEvents.action, 'system-settings.update'));
    expect(audits.at(-1)!.details).toMatchObject({
      before: { mailFromName: 'Riverside Care', reminderHoursBefore: [24, 2], bookingApproval: 'all' },
      after: { mailFromName: null, reminderHoursBefore: null, bookingApproval: null },
    });
  });

  it('refuses a save based on an older version (another admin saved in between) and changes nothing', async () => {
    const seen = await current();
    const other = await createAccount(t.db.db, { role: 'admin' });
    const otherAgent = browser();
    await otherAgent.signInAs(other.user.id);
    const first = await otherAgent.put(URL, { version: seen.version, mfaRequired: NO_MFA, sessionTimeoutMinutes: 20 });
    expect(first.statusCode).toBe(200);

    const late = await adminAgent.put(URL, { version: seen.version, mfaRequired: NO_MFA, sessionTimeoutMinutes: 45 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('SETTINGS_VERSION_CONFLICT');
    const fresh = await current();
    expect(fresh.version).toBe(seen.version + 1);
    expect(fresh.sessionTimeoutMinutes.saved).toBe(20);
    // A version never saved is refused too, before the first save as after it.
    expect((await adminAgent.put(URL, { version: 99, mfaRequired: NO_MFA })).statusCode).toBe(409);
  });

  it('reaches another instance within the cache’s few seconds, with no message between them', async () => {
    // Another instance: its own short-lived copy of the same row, on a clock the test moves.
    let now = 1_000_000;
    const other = systemSettingsSource(t.app.db, t.app.config, () => now);
    const before = (await other.current()).sessionTimeoutMs;
    const saved = await save({ sessionTimeoutMinutes: before === 25 * MINUTE ? 35 : 25 });
    const after = saved.sessionTimeoutMinutes.effective * MINUTE;
    now += SYSTEM_SETTINGS_CACHE_MS - 1;
    expect((await other.current()).sessionTimeoutMs).toBe(before);
    now += 1;
    expect((await other.current()).sessionTimeoutMs).toBe(after);
    expect(SYSTEM_SETTINGS_CACHE_MS).toBeLessThanOrEqual(5_000);
  });

  it('uses the saved sender for the outbox’s mail', async () => {
    await save({ mailFromName: 'Riverside, "Care"', mailFromAddress: 'care@riverside.example' });
    expect(mailFromHeader((await t.app.systemSettings.current()).mailFrom)).toBe('"Riverside,  Care " <care@riverside.example>');
    await save({ mailFromName: null, mailFromAddress: null });
    expect(mailFromHeader((await t.app.systemSettings.current()).mailFrom)).toBe('"Env Clinic" <env@clinic.example>');
  });
});

describe('what the settings change', () => {
  it('gives a renewed session the new inactivity timeout, and says it in the session answer', async () => {
    await save({ sessionTimeoutMinutes: 10 });
    const account = await createAccount(t.db.db, { role: 'patient' });
    const agent = browser();
    const signIn = await login(agent, { email: account.email, password: account.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().session.inactivityTimeoutMs).toBe(10 * MINUTE);
    const row = async () =>
      (
        await t.db.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(agent.sessionToken!)))
      )[0]!;
    const started = await row();
    expect(started.idleExpiresAt.getTime() - started.createdAt.getTime()).toBe(10 * MINUTE);

    // Raised while the session runs: it applies at the session's next renewal.
    await save({ sessionTimeoutMinutes: 45 });
    await t.db.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * MINUTE) })
      .where(eq(sessions.id, started.id));
    const renewed = await agent.get('/api/auth/session');
    expect(renewed.json().session.inactivityTimeoutMs).toBe(45 * MINUTE);
    const slid = (await row()).idleExpiresAt.getTime();
    expect(slid).toBeGreaterThan(Date.now() + 44 * MINUTE);
    expect(slid).toBeLessThanOrEqual(Date.now() + 45 * MINUTE);
    await save({ sessionTimeoutMinutes: null });
  });

  it('holds registration, password changes and resets to a raised minimum, naming it', async () => {
    await save({ passwordMinLength: 20 });
    const registration = await browser().post('/api/patients/register', {
      firstName: 'Amara',
      lastName: 'Okafor',
      email: `amara.${Date.now()}@settings.test`,
      password: 'Harbour-Lights#42',
      phone: '+1 555 010 2233',
      dateOfBirth: '1988-04-17',
      gender: 'female',
      address: '12 Elm Street, Springfield, IL 62701',
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'Password must be at least 20 characters' },
    });

    const account = await createAccount(t.db.db, { role: 'doctor' });
    const agent = browser();
    expect((await login(agent, { email: account.email, password: account.password })).statusCode).toBe(200);
    const short = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'Brand#New2026x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ newPassword: 'Password must be at least 20 characters' });
    // The existing password still signs in; only new ones are held to the minimum.
    expect((await login(browser(), { email: account.email, password: account.password })).statusCode).toBe(200);
    const long = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'Brand#New2026-longer' });
    expect(long.statusCode, long.body).toBe(200);

    // A reset by mailed link is held to it too, and the link stays usable for a long enough one.
    const patient = await createAccount(t.db.db, { role: 'patient' });
    expect((await browser().post('/api/auth/forgot-password', { email: patient.email })).statusCode).toBe(200);
    const token = resetTokenFrom((await mailTo(t.db.db, patient.email, 'password-reset')).at(-1)!.textBody);
    const shortReset = await browser().post('/api/auth/reset-password', { token, newPassword: 'Fresh#Start2026' });
    expect(shortReset.statusCode).toBe(400);
    expect(shortReset.json().error.fields).toEqual({ newPassword: 'Password must be at least 20 characters' });
    expect((await browser().post('/api/auth/reset-password', { token, newPassword: 'Fresh#Start2026-longer' })).statusCode).toBe(200);
    await save({ passwordMinLength: null });
  });

  it('has the reminder job send at the saved times instead of the configuration’s', async () => {
    await save({ reminderHoursBefore: [72] });
    const patient = await createAccount(t.db.db, { role: 'patient' });
    const doctor = await createDoctorActor(t.app);
    const startsAt = new Date(Math.floor((Date.now() + 60 * HOUR) / MINUTE) * MINUTE);
    const row = buildAppointment(new Random(9), { patientId: patient.user.id, doctorId: doctor.user.id, startsAt, status: 'scheduled' });
    await t.app.db.insert(appointments).values(row);
    await t.app.jobs.runNow('appointment-reminders');
    // 60 hours away: past the saved 72-hour time; the configuration's 48 hours would not have sent yet.
    const sent = await t.app.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, row.id));
    expect(sent.map((r) => r.kind)).toEqual(['72h']);
    await save({ reminderHoursBefore: null });
  });

  it('sends a role that must use a second factor to set one up, and allows nothing else until then', async () => {
    await save({ mfaRequired: { ...NO_MFA, doctor: true } });
    const doctor = await createAccount(t.db.db, { role: 'doctor' });
    const agent = browser();
    const signIn = await login(agent, { email: doctor.email, password: doctor.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().session.mfaEnrolmentRequired).toBe(true);
    expect((await agent.get('/api/auth/session')).json().session.mfaEnrolmentRequired).toBe(true);

    const refused = await agent.get('/api/appointments');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MFA_ENROLMENT_REQUIRED');
    const [denied] = await t.db.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'access.denied'), eq(auditEvents.actorUserId, doctor.user.id)));
    expect(denied).toMatchObject({ outcome: 'denied', details: { reason: 'mfa_enrolment_required' } });
    expect((await agent.get('/api/auth/mfa')).statusCode).toBe(200);
    const setup = await agent.post('/api/auth/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    expect((await agent.post('/api/auth/mfa/enable', { code: await currentCode(secret) })).statusCode).toBe(200);
    // Set up: the session goes on, and everything is open again.
    expect((await agent.get('/api/auth/session')).json().session.mfaEnrolmentRequired).toBeUndefined();
    expect((await agent.get('/api/appointments')).statusCode).not.toBe(403);

    // Other roles are not held to it, and a doctor with a second factor never was.
    const patient = await createAccount(t.db.db, { role: 'patient' });
    const patientAgent = browser();
    const patientSignIn = await login(patientAgent, { email: patient.email, password: patient.password });
    expect(patientSignIn.json().session.mfaEnrolmentRequired).toBeUndefined();
    await save({ mfaRequired: NO_MFA });
  });
});
