import { randomUUID } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayResponseSchema } from '../../../contracts/appointments';
import { appointmentResponseSchema } from '../../../contracts/booking';
import { scheduleResponseSchema } from '../../../contracts/doctor-portal';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, auditEvents, notifications } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createOpenDoctorActor, setBookingApproval } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// A patient confirms that they will come, against the real app and database (clinic zone UTC):
// from their list, once; the answer, the desk's day and the doctor's schedule say when; the
// patient, the doctor and the desk hear of it live; a new time clears it. Someone else's
// appointment answers 404, one that is not upcoming and scheduled 409 with its code.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let desk: Actor;
const random = new Random(5309);
const DAY = 86_400_000;
const MINUTE = 60_000;

/** The UTC calendar date `n` days from today. */
function day(n: number): string {
  return new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
}

/** An appointment of `owner` booked through the API, `days` from today at `time` (UTC). */
async function booked(owner: Actor, doctorId: string, days: number, time: string) {
  const response = await owner.agent.post('/api/appointments', {
    doctorId,
    date: day(days),
    time,
    timeZone: 'UTC',
    type: 'in-person',
    reason: 'Knee pain',
  });
  expect(response.statusCode, response.body).toBe(201);
  return appointmentResponseSchema.parse(response.json()).data;
}

async function inserted(
  patientId: string,
  doctorId: string,
  startsAt: Date,
  status: 'scheduled' | 'cancelled' | 'requested' = 'scheduled',
) {
  const row = buildAppointment(random, { patientId, doctorId, startsAt, status, durationMinutes: 30 });
  await t.app.db.insert(appointments).values(row);
  return row.id;
}

async function rowOf(id: string) {
  const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

/** What `fn` published on the event bus. */
async function publishedBy(fn: () => Promise<unknown>): Promise<BusEnvelope[]> {
  const published: BusEnvelope[] = [];
  const unsubscribe = t.app.events.subscribe((envelope) => published.push(envelope));
  try {
    await fn();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    unsubscribe();
  }
  return published;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  desk = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all', 'appointments.update'] });
  // These bookings are confirmed at once; the requests a setting asks for are told in front-desk.test.ts.
  await setBookingApproval(t.app, 'none');
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/appointments/{id}/confirm', () => {
  it('records the confirmation once, audited, pushed to the patient, the doctor and the desk, and notifies nobody', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const mine = await booked(patient, doctor.user.id, 5, '09:00');
    expect(mine.confirmedAt).toBeNull();
    const since = await lastAuditId();

    let response!: Awaited<ReturnType<typeof patient.agent.post>>;
    const published = await publishedBy(async () => {
      response = await patient.agent.post(`/api/appointments/${mine.id}/confirm`);
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = appointmentResponseSchema.parse(response.json());
    const stored = await rowOf(mine.id);
    expect(stored.confirmedAt).not.toBeNull();
    expect(data.confirmedAt).toBe(stored.confirmedAt!.toISOString());
    expect(data.status).toBe('scheduled');

    const updates = published.filter((e) => e.event.type === 'appointment_update');
    expect(updates.map((e) => e.event)).toContainEqual(expect.objectContaining({ action: 'updated', appointmentId: mine.id }));
    const recipients = updates.flatMap((e) => e.recipients);
    for (const id of [patient.user.id, doctor.user.id, desk.user.id]) expect(recipients).toContain(id);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, doctor.user.id));
    expect(told.map((n) => n.code)).toEqual(['appointment.doctor_booked']);
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'appointment.confirm')));
    expect(event).toMatchObject({ actorUserId: patient.user.id, outcome: 'success', resourceId: mine.id, patientId: patient.user.id });
    expect(event!.details).toMatchObject({ via: 'portal', alreadyConfirmed: false });

    // Again: the first time stays, and nobody hears of it twice.
    const again = await publishedBy(async () => {
      const second = await patient.agent.post(`/api/appointments/${mine.id}/confirm`);
      expect(second.statusCode).toBe(200);
      expect(appointmentResponseSchema.parse(second.json()).data.confirmedAt).toBe(data.confirmedAt);
    });
    expect(again.filter((e) => e.event.type === 'appointment_update')).toEqual([]);
    expect((await rowOf(mine.id)).confirmedAt).toEqual(stored.confirmedAt);
  });

  it('answers 404 for someone else’s appointment and changes nothing', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const theirs = await booked(otherPatient, doctor.user.id, 5, '10:00');
    const missing = await patient.agent.post(`/api/appointments/${randomUUID()}/confirm`);
    const response = await patient.agent.post(`/api/appointments/${theirs.id}/confirm`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(missing.body);
    expect((await rowOf(theirs.id)).confirmedAt).toBeNull();
    // The clinic's side does not confirm for the patient.
    expect((await desk.agent.post(`/api/appointments/${theirs.id}/confirm`)).statusCode).toBe(403);
  });

  it('refuses a cancelled, a past and a requested appointment with 409 APPOINTMENT_NOT_CONFIRMABLE, noted, and changes nothing', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const cancelled = await inserted(patient.user.id, doctor.user.id, new Date(`${day(8)}T09:00:00Z`), 'cancelled');
    const past = await inserted(patient.user.id, doctor.user.id, new Date(Date.now() - 2 * 60 * MINUTE));
    const requested = await inserted(patient.user.id, doctor.user.id, new Date(`${day(8)}T10:00:00Z`), 'requested');
    for (const id of [cancelled, past, requested]) {
      const since = await lastAuditId();
      const response = await patient.agent.post(`/api/appointments/${id}/confirm`);
      expect(response.statusCode, id).toBe(409);
      expect(response.json().error.code).toBe('APPOINTMENT_NOT_CONFIRMABLE');
      expect((await rowOf(id)).confirmedAt).toBeNull();
      const [event] = await t.app.db
        .select()
        .from(auditEvents)
        .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'appointment.confirm')));
      expect(event).toMatchObject({ outcome: 'failure', resourceId: id });
      expect(event!.details).toMatchObject({ reason: 'not_confirmable' });
    }
  });

  it('is cleared by a reschedule: the new time is not confirmed until the patient says so', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const mine = await booked(patient, doctor.user.id, 5, '11:00');
    expect((await patient.agent.post(`/api/appointments/${mine.id}/confirm`)).statusCode).toBe(200);
    expect((await rowOf(mine.id)).confirmedAt).not.toBeNull();

    const moved = await patient.agent.put(`/api/appointments/${mine.id}`, { date: day(6), time: '09:30', timeZone: 'UTC' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(appointmentResponseSchema.parse(moved.json()).data.confirmedAt).toBeNull();
    expect((await rowOf(mine.id)).confirmedAt).toBeNull();

    const confirmed = await patient.agent.post(`/api/appointments/${mine.id}/confirm`);
    expect(appointmentResponseSchema.parse(confirmed.json()).data.confirmedAt).not.toBeNull();
  });
});

describe('the confirmation on the clinic’s side', () => {
  it('is in the desk’s day and in the doctor’s schedule', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    // A time still to come today: today in UTC unless the UTC day is about to end, then in a zone where it is noon.
    const startsAt = new Date(Math.ceil((Date.now() + 10 * MINUTE) / MINUTE) * MINUTE);
    const zone = startsAt.toISOString().slice(0, 10) === day(0) ? 'UTC' : 'Etc/GMT+12';
    const today = await inserted(patient.user.id, doctor.user.id, startsAt);
    const later = await booked(patient, doctor.user.id, 3, '10:30');
    for (const id of [today, later.id]) expect((await patient.agent.post(`/api/appointments/${id}/confirm`)).statusCode).toBe(200);
    const confirmedAt = (await rowOf(today)).confirmedAt!.toISOString();

    const day0 = await desk.agent.get(`/api/appointments/today?timeZone=${encodeURIComponent(zone)}&doctorId=${doctor.user.id}`);
    expect(day0.statusCode, day0.body).toBe(200);
    expect(todayResponseSchema.parse(day0.json()).data.find((a) => a.id === today)).toMatchObject({ confirmedAt });

    const schedule = await doctor.agent.get(`/api/doctor/schedule?from=${day(3)}&to=${day(3)}`);
    expect(schedule.statusCode, schedule.body).toBe(200);
    const item = scheduleResponseSchema.parse(schedule.json()).data.find((a) => a.id === later.id);
    expect(item?.confirmedAt).toBe((await rowOf(later.id)).confirmedAt!.toISOString());
  });
});
