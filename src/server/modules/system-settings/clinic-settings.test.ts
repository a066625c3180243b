import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { slotsResponseSchema } from '../../../contracts/booking';
import { staffStatsResponseSchema } from '../../../contracts/staff-portal';
import { DEFAULT_CLINIC_HOURS, type ClinicHours, type SystemSettings, type SystemSettingsUpdate } from '../../../contracts/system-settings';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, auditEvents, systemSettings } from '../../db/schema';
import { wallClock } from '../appointments/slots';
import { createOpenDoctorActor } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { settingsBodyOf } from '../../test-support/system-settings-body';
import { createTestApp, OPEN_ALL_WEEK, type TestApp } from '../../test-support/test-app';

// The clinic's time zone and opening hours as system settings, told as an admin changes them
// through the API and as everybody else meets the change: the days slots and today's figures are
// cut in, the slots offered and the bookings refused, on this instance at once and on another
// sharing the database within the settings' few seconds. No restart anywhere.

const URL = '/api/admin/system-settings';
const DAY = 86_400_000;

let t: TestApp;
let admin: Actor;
let patient: Actor;
let desk: Actor;
let doctor: Actor;

/** The UTC calendar date `n` days from today. */
function day(n: number): string {
  return new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
}
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

async function current(): Promise<SystemSettings> {
  const response = await admin.agent.get(URL);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SystemSettings }>().data;
}

async function save(changes: Partial<SystemSettingsUpdate>): Promise<SystemSettings> {
  const response = await admin.agent.put(URL, settingsBodyOf(await current(), changes));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SystemSettings }>().data;
}

/** The doctor's free slots on the clinic's calendar days [from, to] (no zone named: the clinic's). */
async function slots(agent: TestAgent, from: string, to = from): Promise<{ starts: string[]; zone: string }> {
  const response = await agent.get(`/api/doctors/${doctor.user.id}/slots?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  const answer = slotsResponseSchema.parse(response.json());
  return { starts: answer.data.map((slot) => slot.startsAt), zone: answer.clinicTimeZone };
}

async function staffDate(agent: TestAgent): Promise<{ date: string; zone: string }> {
  const response = await agent.get('/api/staff/dashboard-stats');
  expect(response.statusCode, response.body).toBe(200);
  const { data } = staffStatsResponseSchema.parse(response.json());
  return { date: data.date, zone: data.clinicTimeZone };
}

/** Open all day except `closed` weekdays; `changed` replaces single days. */
function hoursWith(closed: number[], changed: Record<number, { open: string; close: string }> = {}): ClinicHours {
  return OPEN_ALL_WEEK.map((hours, weekday) => (closed.includes(weekday) ? null : (changed[weekday] ?? hours)));
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
  patient = await createActor(t.app, 'patient');
  desk = await createActor(t.app, 'staff', {
    permissions: ['patients.view.all', 'appointments.view.all', 'appointments.create', 'appointments.update', 'appointments.reschedule'],
  });
  // Works every day 09:00–12:00 of the clinic's clock.
  doctor = await createOpenDoctorActor(t.app);
});
afterAll(() => t?.close());

describe('the clinic’s time zone', () => {
  it('is the configuration’s until an admin chooses one', async () => {
    const settings = await current();
    expect(settings.clinicTimeZone).toEqual({ saved: null, effective: 'UTC', source: 'configuration' });
    const date = day(10);
    const before = await slots(patient.agent, date);
    expect(before.zone).toBe('UTC');
    expect(before.starts[0]).toBe(`${date}T09:00:00.000Z`);
  });

  it('cuts slots and the desk’s today in the new zone at once, keeping every appointment’s instant', async () => {
    const date = day(10);
    const booked = await patient.agent.post('/api/appointments', {
      doctorId: doctor.user.id,
      date,
      time: '10:00',
      timeZone: 'UTC',
      type: 'in-person',
      reason: 'Check-up',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const startsAt = booked.json<{ data: { startsAt: string } }>().data.startsAt;

    // UTC+14 and then UTC−11: 25 hours apart, so their calendar days differ at any hour the test runs.
    const east = await save({ clinicTimeZone: 'Pacific/Kiritimati' });
    expect(east.clinicTimeZone).toEqual({ saved: 'Pacific/Kiritimati', effective: 'Pacific/Kiritimati', source: 'saved' });
    const inEast = await slots(patient.agent, date);
    expect(inEast.zone).toBe('Pacific/Kiritimati');
    // 09:00 on the clinic's wall clock, 14 hours ahead of UTC: 19:00Z the day before.
    expect(inEast.starts[0]).toBe(`${day(9)}T19:00:00.000Z`);
    expect(inEast.starts.map((start) => wallClock(new Date(start), 'Pacific/Kiritimati').slice(11))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    const eastDesk = await staffDate(desk.agent);
    expect(eastDesk).toEqual({ date: wallClock(new Date(), 'Pacific/Kiritimati').slice(0, 10), zone: 'Pacific/Kiritimati' });

    await save({ clinicTimeZone: 'Pacific/Pago_Pago' });
    const westDesk = await staffDate(desk.agent);
    expect(westDesk).toEqual({ date: wallClock(new Date(), 'Pacific/Pago_Pago').slice(0, 10), zone: 'Pacific/Pago_Pago' });
    expect(westDesk.date).not.toBe(eastDesk.date);
    expect((await slots(patient.agent, date)).starts[0]).toBe(`${date}T20:00:00.000Z`);

    // The booked visit kept its instant; only the wall time it shows at changed.
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.doctorId, doctor.user.id));
    expect(row!.startsAt.toISOString()).toBe(startsAt);

    const cleared = await save({ clinicTimeZone: null });
    expect(cleared.clinicTimeZone).toEqual({ saved: null, effective: 'UTC', source: 'configuration' });
    expect((await slots(patient.agent, date)).starts[0]).toBe(`${date}T09:00:00.000Z`);
  });

  it('refuses a zone not on the list with a 400 naming the field, and changes nothing', async () => {
    const before = await current();
    for (const zone of ['Mars/Olympus_Mons', 'europe/berlin', 'UTC+3', '', 'x'.repeat(65), 42]) {
      const response = await admin.agent.put(URL, { ...settingsBodyOf(before, {}), clinicTimeZone: zone });
      expect(response.statusCode, String(zone)).toBe(400);
      expect(response.json().error.fields).toEqual({ clinicTimeZone: 'Please choose a time zone from the list' });
    }
    expect(await current()).toEqual(before);
  });
});

describe('the clinic’s opening hours', () => {
  it('default to weekdays 08:00–18:00, Saturday 09:00–13:00 and a closed Sunday outside the tests', () => {
    expect(DEFAULT_CLINIC_HOURS).toEqual([
      null,
      ...Array.from({ length: 5 }, () => ({ open: '08:00', close: '18:00' })),
      { open: '09:00', close: '13:00' },
    ]);
  });

  it('offer only slots inside both the doctor’s and the clinic’s hours, and refuse a booking outside them', async () => {
    const closedDate = day(20);
    const shortDate = day(21);
    const closed = weekdayOf(closedDate);
    const short = weekdayOf(shortDate);
    expect((await slots(patient.agent, closedDate)).starts).toHaveLength(6);

    const saved = await save({ clinicHours: hoursWith([closed], { [short]: { open: '10:00', close: '11:15' } }) });
    expect(saved.clinicHours.source).toBe('saved');
    expect((await slots(patient.agent, closedDate)).starts).toEqual([]);
    // The doctor's own grid stays; only slots wholly inside 10:00–11:15 are left.
    expect((await slots(patient.agent, shortDate)).starts).toEqual([`${shortDate}T10:00:00.000Z`, `${shortDate}T10:30:00.000Z`]);

    const bookings = await t.app.db.select({ n: count() }).from(appointments);
    const book = (date: string, time: string) =>
      patient.agent.post('/api/appointments', { doctorId: doctor.user.id, date, time, timeZone: 'UTC', type: 'in-person', reason: 'Rash' });
    for (const [date, time] of [
      [closedDate, '09:00'],
      [shortDate, '09:30'],
      [shortDate, '11:00'],
    ] as const) {
      const refused = await book(date, time);
      expect(refused.statusCode, `${date} ${time}`).toBe(409);
      expect(refused.json().error.code).toBe('SLOT_TAKEN');
    }
    const atDesk = await desk.agent.post('/api/staff/appointments', {
      patientId: patient.user.id,
      doctorId: doctor.user.id,
      date: closedDate,
      time: '10:00',
      timeZone: 'UTC',
      type: 'in-person',
      reason: 'Booked by phone',
    });
    expect(atDesk.statusCode).toBe(409);
    expect(atDesk.json().error.code).toBe('SLOT_TAKEN');
    expect(await t.app.db.select({ n: count() }).from(appointments)).toEqual(bookings);
    expect((await book(shortDate, '10:30')).statusCode).toBe(201);

    // Audited with the hours before and after.
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'system-settings.update'), eq(auditEvents.actorUserId, admin.user.id)));
    expect(audits.at(-1)!.details).toMatchObject({
      before: { clinicHours: null },
      after: { clinicHours: hoursWith([closed], { [short]: { open: '10:00', close: '11:15' } }) },
    });

    await save({ clinicHours: null });
    expect((await slots(patient.agent, closedDate)).starts).toHaveLength(6);
  });

  it('refuses hours off the grid, closing before opening or not seven days with a 400, and changes nothing', async () => {
    const before = await current();
    const cases: [unknown, Record<string, string>][] = [
      [
        hoursWith([], { 1: { open: '08:07', close: '18:00' } }),
        { 'clinicHours.1.open': 'Please enter a time such as 08:00, in steps of 5 minutes' },
      ],
      [
        hoursWith([], { 2: { open: '18:00', close: '08:00' } }),
        { 'clinicHours.2.close': 'The closing time must be after the opening time' },
      ],
      [
        hoursWith([], { 3: { open: '09:00', close: '09:00' } }),
        { 'clinicHours.3.close': 'The closing time must be after the opening time' },
      ],
      [hoursWith([], { 4: { open: '25:00', close: '26:00' } }), expect.objectContaining({ 'clinicHours.4.open': expect.any(String) })],
      [OPEN_ALL_WEEK.slice(0, 6), { clinicHours: 'Please choose one of the options' }],
      [hoursWith([], { 5: { open: '09:00' } as never }), expect.objectContaining({ 'clinicHours.5.close': expect.any(String) })],
    ];
    for (const [clinicHours, fields] of cases) {
      const response = await admin.agent.put(URL, { ...settingsBodyOf(before, {}), clinicHours });
      expect(response.statusCode, JSON.stringify(clinicHours)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect(await current()).toEqual(before);
    const [row] = await t.app.db.select().from(systemSettings);
    expect(row?.clinicHours ?? null).toBeNull();
  });
});

describe('another instance sharing the database', () => {
  it('offers the new zone’s slots within the settings’ few seconds, with no restart and no message', async () => {
    const other = await createTestApp({ handle: t.db });
    try {
      await other.app.ready();
      const elsewhere = new TestAgent(other.app);
      await elsewhere.signInAs(patient.user.id);
      const date = day(12);
      expect((await slots(elsewhere, date)).starts[0]).toBe(`${date}T09:00:00.000Z`);

      await save({ clinicTimeZone: 'Asia/Tokyo', clinicHours: hoursWith([weekdayOf(date)]) });
      // Read again at most SYSTEM_SETTINGS_CACHE_MS after it last did.
      await vi.waitFor(
        async () => {
          const seen = await slots(elsewhere, date);
          expect(seen.zone).toBe('Asia/Tokyo');
        },
        { timeout: 8_000, interval: 250 },
      );
      expect((await slots(elsewhere, date)).starts).toEqual([]);
      expect((await slots(elsewhere, day(13))).starts[0]).toBe(`${day(13)}T00:00:00.000Z`);
    } finally {
      await save({ clinicTimeZone: null, clinicHours: null });
      await other.close();
    }
  });

  it('answers a visitor’s first request, with no session, in the saved zone (the landing page’s “today”)', async () => {
    // An instant inside today of UTC+14 but outside today of UTC, whatever the hour the test runs.
    const kiritimatiToday = wallClock(new Date(), 'Pacific/Kiritimati').slice(0, 10);
    const utcToday = new Date().toISOString().slice(0, 10);
    const startsAt = new Date(kiritimatiToday === utcToday ? `${day(-1)}T12:00:00Z` : `${day(1)}T05:00:00Z`);
    await t.app.db
      .insert(appointments)
      .values(buildAppointment(new Random(5), { patientId: patient.user.id, doctorId: doctor.user.id, startsAt, status: 'completed' }));
    await save({ clinicTimeZone: 'Pacific/Kiritimati' });
    const other = await createTestApp({ handle: t.db });
    try {
      const stats = await other.app.inject({ method: 'GET', url: '/api/public/stats' });
      expect(stats.statusCode).toBe(200);
      expect(stats.json<{ appointmentsToday: number }>().appointmentsToday).toBe(1);
    } finally {
      await save({ clinicTimeZone: null });
      await other.close();
    }
  });
});
