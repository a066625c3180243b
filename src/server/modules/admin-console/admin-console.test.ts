import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardStatsSchema,
  roleOverviewSchema,
  securityOverviewSchema,
  sessionListResponseSchema,
  type DashboardStats,
} from '../../../contracts/admin-console';
import { systemLogResponseSchema } from '../../../contracts/error-reports';
import { POSITION_TEMPLATES } from '../../../contracts/permission-catalogue';
import { ROLE_DEFAULT_PERMISSIONS } from '../../../contracts/role-permissions';
import { appointments, auditEvents, sessions, tasks, users } from '../../db/schema';
import { createPatient, createUser, Random } from '../../db/factories';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { errorReportPayload } from '../../test-support/error-report-payload';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount, login } from '../auth/testing';

// The admin console against a database of its own, filled here with a known organisation, so
// every figure has an answer worked out by hand: the counts the home shows, the alerts that real
// failed sign-ins raise, unlocking, ending someone's sessions, the roles and the system log.

const random = new Random(4242);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Actor;
let doctor: Actor;
let patient: Actor;
let analyst: Actor;
let securityOfficer: Actor;
let logReader: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
  doctor = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  analyst = await createActor(t.app, 'staff', { permissions: ['reports.view.all'], position: 'billing' });
  securityOfficer = await createActor(t.app, 'staff', { permissions: ['security.alerts'], position: 'records' });
  logReader = await createActor(t.app, 'staff', { permissions: ['system.logs'], position: 'records' });
});

afterAll(async () => {
  await t.close();
});

const stats = async (): Promise<DashboardStats> => {
  const response = await admin.agent.get('/api/admin/dashboard-stats');
  expect(response.statusCode).toBe(200);
  return dashboardStatsSchema.parse(response.json().data);
};

const security = async () => {
  const response = await admin.agent.get('/api/admin/security');
  expect(response.statusCode).toBe(200);
  return securityOverviewSchema.parse(response.json().data);
};

/** The instants the clinic's day and week (Monday) start at, as the database works them out. */
async function clinicBounds(): Promise<{ dayStart: Date; weekStart: Date }> {
  const zone = t.app.config.clinicTimeZone;
  const result = (await t.app.db.execute(sql`
    select (date_trunc('day', now() at time zone ${zone}) at time zone ${zone}) as day_start,
      (date_trunc('week', now() at time zone ${zone}) at time zone ${zone}) as week_start`)) as unknown as {
    rows: { day_start: Date | string; week_start: Date | string }[];
  };
  const row = result.rows[0]!;
  return { dayStart: new Date(row.day_start), weekStart: new Date(row.week_start) };
}

describe('admin dashboard figures', () => {
  it('counts users, sessions, appointments by status, the no-show rate, registrations, open tasks and alerts from the database', async () => {
    const { dayStart, weekStart } = await clinicBounds();
    const doctorId = doctor.user.id;
    const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);
    const book = (startsAt: Date, status: (typeof appointments.$inferInsert)['status']) => ({
      patientId: patient.user.id,
      doctorId,
      startsAt,
      type: 'in-person' as const,
      status,
      reason: 'Check-up',
    });
    // Today: two scheduled, one cancelled. This week but not today: one requested. Ten days ago:
    // three completed and one no-show (the rate: 1 of 4). Forty days ago: a no-show outside every window.
    const otherDayThisWeek = dayStart.getTime() === weekStart.getTime() ? at(dayStart, 24 + 9) : at(weekStart, 9);
    await t.app.db
      .insert(appointments)
      .values([
        book(at(dayStart, 9), 'scheduled'),
        book(at(dayStart, 9.5), 'scheduled'),
        book(at(dayStart, 10), 'cancelled'),
        book(otherDayThisWeek, 'requested'),
        book(at(dayStart, -10 * 24 + 9), 'completed'),
        book(at(dayStart, -10 * 24 + 10), 'completed'),
        book(at(dayStart, -10 * 24 + 11), 'completed'),
        book(at(dayStart, -10 * 24 + 12), 'no-show'),
        book(at(dayStart, -40 * 24 + 9), 'no-show'),
      ]);
    // A patient registered long ago and an inactive doctor: neither is new, the doctor is not active.
    await createPatient(t.app.db, random, { createdAt: new Date(Date.now() - 60 * DAY) });
    await createUser(t.app.db, random, { role: 'doctor', isActive: false });
    // Two open tasks, one done.
    await t.app.db.insert(tasks).values([
      { assigneeId: doctorId, kind: 'follow-up', title: 'Call back' },
      { assigneeId: doctorId, kind: 'follow-up', title: 'Review' },
      { assigneeId: doctorId, kind: 'follow-up', title: 'Done one', status: 'done', completedAt: new Date() },
    ]);
    // A session that was ended does not count.
    const ended = new TestAgent(t.app);
    await ended.signInAs(patient.user.id);
    await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, patient.user.id));
    await patient.agent.signInAs(patient.user.id);

    const figures = await stats();
    expect(figures.usersByRole).toEqual({ patient: 2, doctor: 1, staff: 3, admin: 1 });
    // admin, doctor, patient (again), three staff.
    expect(figures.activeSessions).toBe(6);
    expect(figures.appointmentsToday).toMatchObject({ scheduled: 2, cancelled: 1, requested: 0, completed: 0, 'no-show': 0 });
    expect(figures.appointmentsThisWeek).toMatchObject({ scheduled: 2, cancelled: 1, requested: 1, completed: 0 });
    expect(figures.noShow).toEqual({ noShows: 1, due: 4, rate: 0.25 });
    // The patient actor, created in this story; the one from sixty days ago is not new.
    expect(figures.newRegistrations).toBe(1);
    expect(figures.openTasks).toBe(2);
    expect(figures.securityAlerts).toBe(0);
    expect(figures.clinicTimeZone).toBe(t.app.config.clinicTimeZone);
  });
});

describe('security alerts', () => {
  it('raises an alert per account and per address after 5 failed sign-ins, high after more than 10, and lists the locks', async () => {
    const target = await createAccount(t.app.db, { role: 'staff' });
    const attacker = new TestAgent(t.app, '10.9.0.1');
    for (let i = 0; i < 5; i += 1) expect((await login(attacker, { email: target.email, password: `Wrong#${i}` })).statusCode).toBe(401);
    // The sixth is refused before the password is checked: still a failed sign-in.
    expect((await login(attacker, { email: target.email, password: target.password })).statusCode).toBe(429);

    // Another account guessed from three addresses: no address reaches 5, the account reaches 10 and
    // is then held back everywhere (the blocked attempt names no account: an attacker learns nothing).
    const wide = await createAccount(t.app.db, { role: 'patient' });
    for (const [address, tries] of [
      ['10.9.1.1', 4],
      ['10.9.1.2', 4],
      ['10.9.1.3', 2],
    ] as const) {
      const agent = new TestAgent(t.app, address);
      for (let i = 0; i < tries; i += 1) expect((await login(agent, { email: wide.email, password: `Nope#${i}` })).statusCode).toBe(401);
    }
    expect((await login(new TestAgent(t.app, '10.9.1.4'), { email: wide.email, password: 'Nope#last' })).statusCode).toBe(429);

    // One address trying three accounts: none of them reaches 5, the address reaches 11 (high).
    const sprayer = new TestAgent(t.app, '10.9.2.1');
    for (const [index, tries] of [4, 4, 3].entries()) {
      const email = (await createAccount(t.app.db, { role: 'patient' })).email;
      for (let i = 0; i < tries; i += 1) expect((await login(sprayer, { email, password: `Spray#${index}${i}` })).statusCode).toBe(401);
    }

    const overview = await security();
    expect(overview.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'account-failures',
          severity: 'medium',
          failures: 5,
          account: expect.objectContaining({ id: target.user.id }),
        }),
        expect.objectContaining({ kind: 'address-failures', severity: 'medium', failures: 6, address: '10.9.0.1', account: null }),
        expect.objectContaining({
          kind: 'account-failures',
          severity: 'medium',
          failures: 10,
          account: expect.objectContaining({ id: wide.user.id }),
        }),
        expect.objectContaining({ kind: 'address-failures', severity: 'high', failures: 11, address: '10.9.2.1', account: null }),
      ]),
    );
    expect(overview.alerts).toHaveLength(4);
    expect(overview.lockedAccounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: expect.objectContaining({ id: target.user.id }), address: '10.9.0.1', failures: 5 }),
        expect.objectContaining({ account: expect.objectContaining({ id: wide.user.id }), address: null, failures: 10 }),
      ]),
    );
    expect((await stats()).securityAlerts).toBe(4);

    // Unlocking lets the real user in from the blocked address; the alert stays (it happened).
    const unlocked = await admin.agent.post('/api/admin/security/unlock', { userId: target.user.id });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().data.cleared).toBe(2);
    expect((await login(attacker, { email: target.email, password: target.password })).statusCode).toBe(200);
    const after = await security();
    expect(after.lockedAccounts.map((lock) => lock.account.id)).not.toContain(target.user.id);
    const [note] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'security.unlock'));
    expect(note).toMatchObject({ actorUserId: admin.user.id, resourceId: target.user.id, outcome: 'success' });

    // Unknown accounts and malformed ids are refused clearly.
    expect((await admin.agent.post('/api/admin/security/unlock', { userId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin.agent.post('/api/admin/security/unlock', { userId: 'nobody' })).statusCode).toBe(400);
  });

  it('shows second-factor adoption by role, new administrators, permission changes and the last audit-chain check', async () => {
    await t.app.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, admin.user.id));
    const promoted = await createUser(t.app.db, random, { role: 'staff', position: 'nurse' });
    expect((await admin.agent.put(`/api/users/${promoted.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    const nurse = await createUser(t.app.db, random, { role: 'staff', position: 'nurse' });
    expect((await admin.agent.post(`/api/users/${nurse.id}/permissions`, { permission: 'billing.view' })).statusCode).toBe(200);
    expect((await admin.agent.get('/api/audit/chain')).statusCode).toBe(200);

    const overview = await security();
    expect(overview.mfaByRole.find((row) => row.role === 'admin')).toEqual({ role: 'admin', users: 2, withMfa: 1 });
    expect(overview.newAdmins.map((row) => row.id).sort()).toEqual([admin.user.id, promoted.id].sort());
    expect(overview.permissionChanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user.role_change',
          fromRole: 'staff',
          toRole: 'admin',
          target: expect.objectContaining({ id: promoted.id }),
        }),
        expect.objectContaining({
          action: 'permission.grant',
          permission: 'billing.view',
          target: expect.objectContaining({ id: nurse.id }),
        }),
      ]),
    );
    expect(overview.permissionChanges[0]!.actor).toEqual({ firstName: admin.user.firstName, lastName: admin.user.lastName });
    expect(overview.auditChain).toMatchObject({ intact: true });
  });
});

describe('sessions', () => {
  it('lists live sessions and ends all of one user’s, after which their next request is refused', async () => {
    const victim = await createDoctorActor(t.app);
    const second = new TestAgent(t.app);
    await second.signInAs(victim.user.id);
    const list = sessionListResponseSchema.parse(
      (await admin.agent.get(`/api/admin/sessions?search=${encodeURIComponent(victim.user.email)}`)).json(),
    );
    expect(list.total).toBe(2);
    expect(list.data.every((row) => row.user.id === victim.user.id && !row.current)).toBe(true);
    const own = sessionListResponseSchema.parse(
      (await admin.agent.get(`/api/admin/sessions?search=${encodeURIComponent(admin.user.email)}`)).json(),
    );
    expect(own.data.some((row) => row.current)).toBe(true);

    const ended = await admin.agent.post(`/api/admin/users/${victim.user.id}/sessions/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.ended).toBe(2);
    expect((await victim.agent.get('/api/user/settings')).statusCode).toBe(401);
    expect((await second.get('/api/user/settings')).statusCode).toBe(401);
    const [note] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'sessions.end'));
    expect(note).toMatchObject({ resourceId: victim.user.id, details: { sessionsEnded: 2 } });

    expect((await admin.agent.post(`/api/admin/users/${admin.user.id}/sessions/end`)).statusCode).toBe(409);
    expect((await admin.agent.post('/api/admin/users/00000000-0000-4000-8000-000000000000/sessions/end')).statusCode).toBe(404);
    expect((await admin.agent.post('/api/admin/users/not-an-id/sessions/end')).statusCode).toBe(404);
    expect((await admin.agent.get('/api/admin/sessions?pageSize=1000')).statusCode).toBe(400);
  });

  it('lets only an administrator end an administrator’s sessions or unlock an administrator’s sign-in', async () => {
    const otherAdmin = await createActor(t.app, 'admin');
    const staffVictim = await createActor(t.app, 'staff');
    for (const attempt of [
      () => securityOfficer.agent.post(`/api/admin/users/${otherAdmin.user.id}/sessions/end`),
      () => securityOfficer.agent.post('/api/admin/security/unlock', { userId: otherAdmin.user.id }),
    ]) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ADMIN_ACCOUNT_PROTECTED');
    }
    // The administrator is still signed in, and the refusal is on the record.
    expect((await otherAdmin.agent.get('/api/user/settings')).statusCode).toBe(200);
    const denied = await t.app.db.select().from(auditEvents).where(eq(auditEvents.resourceId, otherAdmin.user.id));
    expect(denied.map((event) => [event.action, event.outcome]).sort()).toEqual([
      ['security.unlock', 'denied'],
      ['sessions.end', 'denied'],
    ]);
    // Staff accounts stay within the security officer's reach; administrators keep theirs over each other.
    expect((await securityOfficer.agent.post(`/api/admin/users/${staffVictim.user.id}/sessions/end`)).statusCode).toBe(200);
    expect((await admin.agent.post('/api/admin/security/unlock', { userId: otherAdmin.user.id })).statusCode).toBe(200);
    expect((await admin.agent.post(`/api/admin/users/${otherAdmin.user.id}/sessions/end`)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lists each role’s default permissions from the catalogue, users per role and staff per position', async () => {
    const response = await admin.agent.get('/api/admin/roles');
    expect(response.statusCode).toBe(200);
    const overview = roleOverviewSchema.parse(response.json().data);
    const doctorRole = overview.roles.find((row) => row.role === 'doctor')!;
    expect(doctorRole.defaultPermissions).toEqual([...ROLE_DEFAULT_PERMISSIONS.doctor]);
    expect(doctorRole.inactiveUsers).toBe(1);
    expect(overview.roles.find((row) => row.role === 'staff')!.defaultPermissions).toEqual([]);
    const nurses = overview.positions.find((row) => row.position === 'nurse')!;
    expect(nurses.permissions).toEqual([...POSITION_TEMPLATES.nurse]);
    // Two nurses made in the security story; one became an administrator.
    expect(nurses.users).toBe(1);
    expect(overview.positions.find((row) => row.position === 'records')!.users).toBe(2);
  });
});

describe('system log', () => {
  it('groups error reports by pattern, raises a pattern seen more than 10 times to high, and masks the e-mail', async () => {
    for (let i = 0; i < 11; i += 1) {
      const report = errorReportPayload({
        severity: 'low',
        error: { name: 'TypeError', message: `Cannot read properties of undefined (reading 'item${i}')` },
        user: { id: 'u1', email: 'jonathan@example.org', role: 'patient' },
      });
      expect((await new TestAgent(t.app).post('/api/error-reports', report)).statusCode).toBe(201);
    }
    await new TestAgent(t.app).post(
      '/api/error-reports',
      errorReportPayload({ severity: 'medium', error: { name: 'Error', message: 'Chunk failed' } }),
    );

    const response = await logReader.agent.get('/api/error-reports');
    expect(response.statusCode).toBe(200);
    const log = systemLogResponseSchema.parse(response.json()).data;
    expect(log.total).toBe(12);
    const repeated = log.patterns.find((pattern) => pattern.occurrences === 11)!;
    expect(repeated).toMatchObject({ severity: 'high', errorName: 'TypeError', errorType: 'component' });
    expect(log.patterns.find((pattern) => pattern.occurrences === 1)).toMatchObject({ severity: 'medium', escalated: false });
    expect(log.recent.filter((report) => report.userEmailMasked === 'jon***@***')).toHaveLength(11);
    expect(JSON.stringify(log)).not.toContain('jonathan@example.org');

    expect((await admin.agent.get('/api/error-reports?severity=high')).json().data.total).toBe(1);
    expect((await admin.agent.get('/api/error-reports?severity=urgent')).statusCode).toBe(400);
  });
});

describe('who may see what', () => {
  it('refuses non-administrators; staff see only the parts their permissions name', async () => {
    for (const path of [
      '/api/admin/dashboard-stats',
      '/api/admin/security',
      '/api/admin/sessions',
      '/api/admin/roles',
      '/api/error-reports',
    ]) {
      expect((await doctor.agent.get(path)).statusCode, `doctor ${path}`).toBe(403);
      expect((await patient.agent.get(path)).statusCode, `patient ${path}`).toBe(403);
      expect((await analyst.agent.get(path)).statusCode, `analyst ${path}`).toBe(403);
      expect((await new TestAgent(t.app).get(path)).statusCode, `anonymous ${path}`).toBe(401);
    }
    expect((await securityOfficer.agent.get('/api/admin/security')).statusCode).toBe(200);
    expect((await securityOfficer.agent.get('/api/admin/sessions')).statusCode).toBe(200);
    expect((await securityOfficer.agent.get('/api/admin/dashboard-stats')).statusCode).toBe(403);
    expect((await securityOfficer.agent.get('/api/error-reports')).statusCode).toBe(403);
    expect((await doctor.agent.post(`/api/admin/users/${patient.user.id}/sessions/end`)).statusCode).toBe(403);
    expect((await doctor.agent.post('/api/admin/security/unlock', { userId: patient.user.id })).statusCode).toBe(403);
  });
});
