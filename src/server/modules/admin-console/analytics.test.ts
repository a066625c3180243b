import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, type Analytics } from '../../../contracts/analytics';
import { SPECIALTIES } from '../../../contracts/specialties';
import { appointments } from '../../db/schema';
import { createDoctor, createPatient, Random } from '../../db/factories';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { clinicInstant } from '../../test-support/clinic-time';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Analytics against a small clinic whose answers are worked out by hand: two doctors in two
// specialties, six appointments in the first half of March 2026 and one just before, four
// registrations. The clinic's time zone is not UTC, so a day is the clinic's calendar day.

const random = new Random(777);
const ZONE = 'America/New_York';
const cardiology = SPECIALTIES.find((specialty) => specialty.name === 'Cardiology')!;
const dermatology = SPECIALTIES.find((specialty) => specialty.name === 'Dermatology')!;

let t: TestApp;
let admin: Actor;
let analyst: Actor;
let securityOnly: Actor;
let doctorA: string;
let doctorB: string;

function clinicTime(local: string): Promise<Date> {
  return clinicInstant(t.app.db, local, ZONE);
}

beforeAll(async () => {
  t = await createTestApp({ config: { clinicTimeZone: ZONE } });
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
  analyst = await createActor(t.app, 'staff', { permissions: ['reports.view.all'], position: 'billing' });
  securityOnly = await createActor(t.app, 'staff', { permissions: ['security.alerts'], position: 'records' });
  doctorA = (await createDoctor(t.app.db, random, cardiology)).user.id;
  doctorB = (await createDoctor(t.app.db, random, dermatology)).user.id;
  const patient = (await createPatient(t.app.db, random)).user.id;
  const visits: [string, string, string, 'in-person' | 'video'][] = [
    [doctorA, '2026-03-02 10:00', 'completed', 'in-person'],
    [doctorA, '2026-03-02 11:00', 'no-show', 'video'],
    [doctorA, '2026-03-03 10:00', 'cancelled', 'in-person'],
    [doctorA, '2026-03-09 10:00', 'completed', 'video'],
    [doctorB, '2026-03-09 11:00', 'no-show', 'in-person'],
    // 23:30 in New York is the next day in UTC: it still counts on the clinic's Wednesday.
    [doctorB, '2026-03-11 23:30', 'completed', 'in-person'],
    [doctorB, '2026-02-27 10:00', 'completed', 'in-person'],
  ];
  for (const [doctorId, local, status, type] of visits) {
    await t.app.db.insert(appointments).values({
      patientId: patient,
      doctorId,
      startsAt: await clinicTime(local),
      status: status as (typeof appointments.$inferInsert)['status'],
      type,
      reason: 'Follow-up',
    });
  }
  for (const local of ['2026-03-05 09:00', '2026-03-05 15:00', '2026-03-12 12:00', '2026-02-20 12:00']) {
    await createPatient(t.app.db, random, { createdAt: await clinicTime(local) });
  }
});

afterAll(async () => {
  await t.close();
});

async function analytics(query: string, actor: Actor = admin): Promise<Analytics> {
  const response = await actor.agent.get(`/api/admin/analytics?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return analyticsSchema.parse(response.json().data);
}

describe('analytics', () => {
  it('counts appointments per clinic day by status and type, with every day of the period present', async () => {
    const result = await analytics('from=2026-03-01&to=2026-03-14');
    expect(result).toMatchObject({ from: '2026-03-01', to: '2026-03-14', granularity: 'day', clinicTimeZone: ZONE });
    expect(result.appointments).toHaveLength(14);
    expect(result.appointments.find((day) => day.bucket === '2026-03-02')).toMatchObject({
      statuses: { completed: 1, 'no-show': 1, cancelled: 0 },
      types: { 'in-person': 1, video: 1 },
      total: 2,
    });
    expect(result.appointments.find((day) => day.bucket === '2026-03-11')!.total).toBe(1);
    expect(result.appointments.find((day) => day.bucket === '2026-03-12')!.total).toBe(0);
    expect(result.appointments.reduce((sum, day) => sum + day.total, 0)).toBe(6);
  });

  it('gives no-show and cancellation rates by doctor and by weekday', async () => {
    const result = await analytics('from=2026-03-01&to=2026-03-14');
    expect(result.byDoctor).toHaveLength(2);
    expect(result.byDoctor.find((row) => row.doctorId === doctorA)).toMatchObject({
      specialty: 'Cardiology',
      total: 4,
      due: 3,
      noShows: 1,
      cancelled: 1,
      noShowRate: 1 / 3,
      cancellationRate: 0.25,
    });
    expect(result.byDoctor.find((row) => row.doctorId === doctorB)).toMatchObject({
      total: 2,
      due: 2,
      noShows: 1,
      noShowRate: 0.5,
      cancellationRate: 0,
    });
    expect(result.byWeekday).toHaveLength(7);
    expect(result.byWeekday[0]).toMatchObject({ weekday: 1, total: 4, due: 4, noShows: 2, noShowRate: 0.5, cancellationRate: 0 });
    expect(result.byWeekday[1]).toMatchObject({ weekday: 2, total: 1, due: 0, cancelled: 1, noShowRate: null, cancellationRate: 1 });
    expect(result.byWeekday[2]).toMatchObject({ weekday: 3, total: 1, due: 1, noShowRate: 0 });
    expect(result.byWeekday[6]).toMatchObject({ weekday: 7, total: 0, noShowRate: null, cancellationRate: null });
  });

  it('counts new patients per day, and narrows appointments to one doctor or one specialty', async () => {
    const result = await analytics('from=2026-03-01&to=2026-03-14');
    expect(result.newPatients.find((day) => day.bucket === '2026-03-05')!.count).toBe(2);
    expect(result.newPatients.find((day) => day.bucket === '2026-03-12')!.count).toBe(1);
    expect(result.newPatients.reduce((sum, day) => sum + day.count, 0)).toBe(3);

    const one = await analytics(`from=2026-03-01&to=2026-03-14&doctorId=${doctorB}`);
    expect(one.byDoctor.map((row) => row.doctorId)).toEqual([doctorB]);
    expect(one.appointments.reduce((sum, day) => sum + day.total, 0)).toBe(2);
    const cardiac = await analytics('from=2026-03-01&to=2026-03-14&specialty=Cardiology');
    expect(cardiac.byDoctor.map((row) => row.doctorId)).toEqual([doctorA]);
    expect(cardiac.appointments.reduce((sum, day) => sum + day.total, 0)).toBe(4);
    expect(cardiac.doctors.map((doctor) => doctor.id).sort()).toEqual([doctorA, doctorB].sort());
  });

  it('counts per week (from Monday) over a longer period', async () => {
    const result = await analytics('from=2026-01-01&to=2026-03-31');
    expect(result.granularity).toBe('week');
    expect(result.appointments[0]!.bucket).toBe('2025-12-29');
    expect(result.appointments.find((week) => week.bucket === '2026-03-02')!.total).toBe(3);
    expect(result.appointments.find((week) => week.bucket === '2026-02-23')!.total).toBe(1);
    expect(result.newPatients.find((week) => week.bucket === '2026-02-16')!.count).toBe(1);
  });

  it('refuses a reversed, too long, out-of-range or unknown filter with a clear message', async () => {
    const refused = async (query: string) => {
      const response = await admin.agent.get(`/api/admin/analytics?${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json().error;
    };
    expect(JSON.stringify(await refused('from=2026-03-14&to=2026-03-01'))).toContain('end date cannot be before');
    expect(JSON.stringify(await refused('from=2026-01-01&to=2027-06-01'))).toContain('shorter period');
    await refused('from=1800-01-01&to=1800-01-02');
    await refused('from=2026-02-30');
    await refused('specialty=Astrology');
    await refused('doctorId=nobody');
    await refused('colour=blue');
  });

  it('is open to staff holding reports.view.all and to administrators only', async () => {
    expect((await analytics('from=2026-03-01&to=2026-03-14', analyst)).byDoctor).toHaveLength(2);
    // Without a period: the last 90 days up to today, per week.
    const recent = await analytics('', analyst);
    expect(recent).toMatchObject({ granularity: 'week' });
    expect(recent.newPatients.reduce((sum, week) => sum + week.count, 0)).toBeGreaterThanOrEqual(0);
    expect((await analyst.agent.get('/api/admin/security')).statusCode).toBe(403);
    expect((await securityOnly.agent.get('/api/admin/analytics')).statusCode).toBe(403);
    const doctor = await createActor(t.app, 'doctor');
    expect((await doctor.agent.get('/api/admin/analytics')).statusCode).toBe(403);
  });
});

describe('analytics in a time zone a quarter of an hour off the hour', () => {
  // Kathmandu is 5 h 45 min ahead of UTC: its midnight falls at a quarter past a UTC hour, so
  // counting starts per UTC hour would put 23:50 and 00:05 on the same day.
  const KATHMANDU = 'Asia/Kathmandu';
  let clinic: TestApp;
  let clinicAdmin: Actor;

  beforeAll(async () => {
    clinic = await createTestApp({ config: { clinicTimeZone: KATHMANDU } });
    await clinic.app.ready();
    clinicAdmin = await createActor(clinic.app, 'admin');
    const doctorId = (await createDoctor(clinic.app.db, random, cardiology)).user.id;
    const patient = (await createPatient(clinic.app.db, random)).user.id;
    for (const local of ['2026-03-01 23:50', '2026-03-02 00:05', '2026-03-02 23:55']) {
      await clinic.app.db.insert(appointments).values({
        patientId: patient,
        doctorId,
        startsAt: await clinicInstant(clinic.app.db, local, KATHMANDU),
        status: 'completed',
        type: 'in-person',
        reason: 'Follow-up',
      });
    }
  });

  afterAll(async () => {
    await clinic.close();
  });

  it("counts each appointment on the clinic's own calendar day and weekday", async () => {
    const response = await clinicAdmin.agent.get('/api/admin/analytics?from=2026-03-01&to=2026-03-03');
    expect(response.statusCode, response.body).toBe(200);
    const result = analyticsSchema.parse(response.json().data);
    expect(result.appointments.map((day) => [day.bucket, day.total])).toEqual([
      ['2026-03-01', 1],
      ['2026-03-02', 2],
      ['2026-03-03', 0],
    ]);
    // 1 March 2026 is a Sunday, 2 March a Monday.
    expect(result.byWeekday.find((row) => row.weekday === 7)!.total).toBe(1);
    expect(result.byWeekday.find((row) => row.weekday === 1)!.total).toBe(2);
  });
});
