import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../contracts/appointments';
import type { LiveEvent } from '../../../contracts/live-events';
import { ownStatusResponseSchema, staffStatsResponseSchema, staffStatusResponseSchema } from '../../../contracts/staff-portal';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, parkingReservations, staffStatuses } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The staff home against the real app and database: the clinic's day in counts and the desk
// statuses colleagues see live. Patients and doctors never reach it.

let t: TestApp;
let desk: Actor;
let colleague: Actor;
let admin: Actor;
let patient: Actor;
let doctor: Actor;
let published: BusEnvelope[];
const random = new Random(2718);
const MINUTE = 60_000;

function todayAt(minutes: number): Date {
  const start = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(Math.min(Math.max(Date.now() + minutes * MINUTE, start + MINUTE), start + 86_400_000 - MINUTE));
}

async function appointment(startsAt: Date, status: AppointmentStatus, checkedInAt: Date | null = null): Promise<string> {
  const row = buildAppointment(random, { doctorId: doctor.user.id, patientId: patient.user.id, startsAt, status, durationMinutes: 30 });
  await t.app.db.insert(appointments).values({ ...row, checkedInAt });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  desk = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all'] });
  colleague = await createActor(t.app, 'staff', { position: 'billing', permissions: ['billing.view'] });
  admin = await createActor(t.app, 'admin');
  patient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/staff/dashboard-stats', () => {
  it('counts the clinic’s day: check-ins, waiting with their average wait, no-shows, requests and parking', async () => {
    const waitingSince = new Date(Date.now() - 20 * MINUTE);
    const waiting = await appointment(todayAt(-30), 'checked-in', waitingSince);
    await appointment(todayAt(-29), 'completed', new Date(Date.now() - 60 * MINUTE));
    await appointment(todayAt(-28), 'no-show');
    await appointment(todayAt(-27), 'cancelled');
    await appointment(new Date(Date.now() + 5 * 86_400_000), 'requested');
    await t.app.db.insert(parkingReservations).values({
      appointmentId: waiting,
      patientId: patient.user.id,
      licensePlate: 'CD 42',
      arrivalAt: new Date(Date.now() - 40 * MINUTE),
      departureAt: new Date(Date.now() + 60 * MINUTE),
    });

    const response = await desk.agent.get('/api/staff/dashboard-stats');
    expect(response.statusCode, response.body).toBe(200);
    const stats = staffStatsResponseSchema.parse(response.json()).data;
    expect(stats).toMatchObject({
      clinicTimeZone: 'UTC',
      todaysAppointments: 3,
      checkedIn: 2,
      waiting: 1,
      noShows: 1,
      pendingRequests: 1,
      parkingReserved: 1,
      parkingOccupied: 1,
    });
    expect(stats.averageWaitMinutes).toBeGreaterThanOrEqual(19);
    expect(stats.averageWaitMinutes).toBeLessThanOrEqual(21);
  });

  it('is refused to patients, doctors and staff without appointments.view.all', async () => {
    for (const actor of [patient, doctor, colleague]) expect((await actor.agent.get('/api/staff/dashboard-stats')).statusCode).toBe(403);
    expect((await admin.agent.get('/api/staff/dashboard-stats')).statusCode).toBe(200);
  });
});

describe('/api/staff/status', () => {
  it('a staff member sets their own status; colleagues and admins are told live, and read it', async () => {
    const before = staffStatusResponseSchema.parse((await desk.agent.get('/api/staff/status')).json()).data;
    expect(before.own).toMatchObject({ userId: desk.user.id, status: 'off-duty', updatedAt: null });
    published.length = 0;

    const response = await desk.agent.put('/api/staff/status', { status: 'on-break' });
    expect(response.statusCode, response.body).toBe(200);
    expect(ownStatusResponseSchema.parse(response.json()).data).toMatchObject({ userId: desk.user.id, status: 'on-break' });
    const [row] = await t.app.db.select().from(staffStatuses).where(eq(staffStatuses.userId, desk.user.id));
    expect(row?.status).toBe('on-break');

    await new Promise((resolve) => setImmediate(resolve));
    const update = published.find((e) => e.event.type === 'staff_status_update');
    expect(update?.recipients).toEqual(expect.arrayContaining([colleague.user.id, admin.user.id]));
    expect(update?.recipients).not.toContain(desk.user.id);
    expect(update?.recipients).not.toContain(patient.user.id);
    expect(update?.event).toMatchObject({ userId: desk.user.id, status: 'on-break' } satisfies Partial<LiveEvent>);

    const seen = staffStatusResponseSchema.parse((await colleague.agent.get('/api/staff/status')).json()).data;
    expect(seen.colleagues.find((c) => c.userId === desk.user.id)).toMatchObject({ status: 'on-break' });
    const asAdmin = staffStatusResponseSchema.parse((await admin.agent.get('/api/staff/status')).json()).data;
    expect(asAdmin.own).toBeNull();
  });

  it('refuses an unknown status (400), admins setting one, and patients and doctors altogether', async () => {
    expect((await desk.agent.put('/api/staff/status', { status: 'asleep' })).statusCode).toBe(400);
    expect((await admin.agent.put('/api/staff/status', { status: 'on-duty' })).statusCode).toBe(403);
    for (const actor of [patient, doctor]) {
      expect((await actor.agent.get('/api/staff/status')).statusCode).toBe(403);
      expect((await actor.agent.put('/api/staff/status', { status: 'on-duty' })).statusCode).toBe(403);
    }
  });
});
