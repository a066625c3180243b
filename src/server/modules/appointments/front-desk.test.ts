import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayResponseSchema, type AppointmentStatus } from '../../../contracts/appointments';
import { appointmentResponseSchema } from '../../../contracts/booking';
import { pendingRequestsResponseSchema } from '../../../contracts/front-desk';
import type { LiveEvent } from '../../../contracts/live-events';
import { VALIDATION_MESSAGES_EN } from '../../../contracts/validation-messages';
import { buildAppointment, Random } from '../../db/factories';
import { appointmentReminders, appointments, auditEvents, notifications, parkingReservations } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createOpenDoctorActor, setBookingApproval } from '../../test-support/clinical-fixtures';
import { createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The front desk against the real app and database (clinic zone UTC): the requests waiting for
// approval, booking, moving and cancelling on a patient's behalf with the booking rules, and the
// arrival steps of the day with their refusals, audit rows and live updates. Patients and doctors
// never reach these routes; staff only with the permission each step asks for.

let t: TestApp;
let desk: Actor;
let viewer: Actor;
let noScope: Actor;
let admin: Actor;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let published: BusEnvelope[];
const random = new Random(4711);
const DAY = 86_400_000;
const MINUTE = 60_000;

/** The UTC calendar date `n` days from today. */
function day(n: number): string {
  return new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
}

async function appointment(doctorId: string, patientId: string, startsAt: Date, status: AppointmentStatus = 'scheduled'): Promise<string> {
  const row = buildAppointment(random, { doctorId, patientId, startsAt, status, reason: 'Persistent cough', durationMinutes: 30 });
  await t.app.db.insert(appointments).values(row);
  return row.id;
}

/** An instant of today (UTC) `minutes` from now, kept inside today. */
function todayAt(minutes: number): Date {
  const start = Date.parse(`${day(0)}T00:00:00Z`);
  return new Date(Math.min(Math.max(Date.now() + minutes * MINUTE, start + MINUTE), start + DAY - MINUTE));
}

/** Instants of today (UTC), each a few minutes after the one before: distinct whatever the hour. */
let spread = 0;
function distinctToday(): Date {
  spread += 1;
  return new Date(Date.parse(`${day(0)}T00:00:00Z`) + (3 + spread * 7) * MINUTE);
}

/**
 * The first two slots of the doctor's 09:00–12:00 day that start between 30 minutes and 23 hours
 * from now: inside the patient's 24-hour cut-off at any hour the test runs.
 */
function twoSlotsWithinADay(): { date: string; time: string }[] {
  const now = Date.now();
  const slots: { date: string; time: string; at: number }[] = [];
  for (const n of [0, 1]) {
    for (let minute = 9 * 60; minute < 12 * 60; minute += 30) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      slots.push({ date: day(n), time, at: Date.parse(`${day(n)}T${time}:00Z`) });
    }
  }
  return slots
    .filter((slot) => slot.at > now + 30 * MINUTE && slot.at < now + 23 * 60 * MINUTE)
    .slice(0, 2)
    .map(({ date, time }) => ({ date, time }));
}

async function rowOf(id: string) {
  const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function auditSince(id: number) {
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id));
}

async function delivered(): Promise<{ recipients: string[]; event: LiveEvent }[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event }));
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  desk = await createActor(t.app, 'staff', {
    permissions: ['patients.view.all', 'appointments.view.all', 'appointments.create', 'appointments.update', 'appointments.reschedule'],
  });
  viewer = await createActor(t.app, 'staff', { position: 'nurse', permissions: ['patients.view.all', 'appointments.view.all'] });
  noScope = await createActor(t.app, 'staff', {
    permissions: ['appointments.view.all', 'appointments.create', 'appointments.update', 'appointments.reschedule'],
  });
  admin = await createActor(t.app, 'admin');
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createOpenDoctorActor(t.app);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/appointments/requests/pending', () => {
  it('lists the requests from now on, soonest first, to the desk, noted with their patients', async () => {
    const later = await appointment(doctor.user.id, patient.user.id, new Date(`${day(9)}T10:00:00Z`), 'requested');
    const sooner = await appointment(doctor.user.id, otherPatient.user.id, new Date(`${day(8)}T10:00:00Z`), 'requested');
    await appointment(doctor.user.id, patient.user.id, new Date(`${day(8)}T11:00:00Z`), 'scheduled');
    const since = await lastAuditId();
    const response = await desk.agent.get('/api/appointments/requests/pending');
    expect(response.statusCode, response.body).toBe(200);
    const ids = pendingRequestsResponseSchema.parse(response.json()).data.map((a) => a.id);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    expect(ids).toHaveLength(2);
    const [read] = (await auditSince(since)).filter((e) => e.action === 'appointment.requests');
    expect(read?.details).toMatchObject({ count: 2 });
  });

  it('is refused to patients, doctors and staff without appointments.view.all', async () => {
    const clerk = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'billing.view'] });
    for (const actor of [patient, doctor, clerk])
      expect((await actor.agent.get('/api/appointments/requests/pending')).statusCode).toBe(403);
    expect((await admin.agent.get('/api/appointments/requests/pending')).statusCode).toBe(200);
  });
});

describe('POST /api/appointments/{id}/approve and /decline', () => {
  it('approves a request: scheduled, the patient notified and everyone told live; a second approval is refused', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, new Date(`${day(10)}T09:00:00Z`), 'requested');
    published.length = 0;
    const response = await desk.agent.post(`/api/appointments/${id}/approve`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(appointmentResponseSchema.parse(response.json()).data).toMatchObject({ id, status: 'scheduled' });
    expect((await rowOf(id)).status).toBe('scheduled');
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'appointment.patient_approved')));
    expect(note?.metadata).toMatchObject({ appointmentId: id });
    const events = await delivered();
    expect(events).toContainEqual({
      recipients: [doctor.user.id, patient.user.id].sort(),
      event: expect.objectContaining({ type: 'appointment_update', appointmentId: id }),
    });
    // The desk hears of it too: the staff running the schedule and the admins.
    expect(
      events.some(
        (e) => e.event.type === 'appointment_update' && e.recipients.includes(viewer.user.id) && e.recipients.includes(admin.user.id),
      ),
    ).toBe(true);

    const again = await desk.agent.post(`/api/appointments/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REQUEST_NOT_PENDING');
  });

  it('approves at another free time of the same doctor; a taken time answers SLOT_TAKEN and changes nothing', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, new Date(`${day(11)}T09:00:00Z`), 'requested');
    await appointment(doctor.user.id, otherPatient.user.id, new Date(`${day(11)}T10:00:00Z`), 'scheduled');
    const taken = await desk.agent.post(`/api/appointments/${id}/approve`, { move: { date: day(11), time: '10:00', timeZone: 'UTC' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SLOT_TAKEN');
    expect((await rowOf(id)).status).toBe('requested');

    const moved = await desk.agent.post(`/api/appointments/${id}/approve`, { move: { date: day(11), time: '11:00', timeZone: 'UTC' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const row = await rowOf(id);
    expect(row.status).toBe('scheduled');
    expect(row.startsAt.toISOString()).toBe(new Date(`${day(11)}T11:00:00Z`).toISOString());
  });

  it('refuses a move to a staff member who may approve but not reschedule', async () => {
    const approver = await createActor(t.app, 'staff', {
      permissions: ['patients.view.all', 'appointments.view.all', 'appointments.update'],
    });
    const id = await appointment(doctor.user.id, patient.user.id, new Date(`${day(12)}T09:00:00Z`), 'requested');
    const response = await approver.agent.post(`/api/appointments/${id}/approve`, {
      move: { date: day(12), time: '11:00', timeZone: 'UTC' },
    });
    expect(response.statusCode).toBe(403);
    expect(await rowOf(id)).toMatchObject({ status: 'requested' });
    expect((await approver.agent.post(`/api/appointments/${id}/approve`, {})).statusCode).toBe(200);
  });

  it('declines with a reason the patient reads; without a reason it is a 400 and nothing changes', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, new Date(`${day(13)}T09:00:00Z`), 'requested');
    await t.app.db.insert(parkingReservations).values({
      appointmentId: id,
      patientId: patient.user.id,
      licensePlate: 'AB 123',
      arrivalAt: new Date(`${day(13)}T08:45:00Z`),
      departureAt: new Date(`${day(13)}T10:00:00Z`),
    });
    const empty = await desk.agent.post(`/api/appointments/${id}/decline`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ reason: VALIDATION_MESSAGES_EN['text.required'] });
    expect((await rowOf(id)).status).toBe('requested');

    const since = await lastAuditId();
    const response = await desk.agent.post(`/api/appointments/${id}/decline`, { reason: 'Dr. is away that week, please pick another day' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await rowOf(id)).status).toBe('cancelled');
    const [parking] = await t.app.db.select().from(parkingReservations).where(eq(parkingReservations.appointmentId, id));
    expect(parking?.status).toBe('cancelled');
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'appointment.patient_declined')));
    expect(note?.params).toMatchObject({
      reason: 'Dr. is away that week, please pick another day',
      patientFirstName: patient.user.firstName,
      patientLastName: patient.user.lastName,
    });
    expect(note?.params).not.toHaveProperty('patientName');
    expect(note?.metadata).toMatchObject({ patientFirstName: patient.user.firstName, patientLastName: patient.user.lastName });
    const [event] = (await auditSince(since)).filter((e) => e.action === 'appointment.decline');
    expect(event).toMatchObject({ outcome: 'success', patientId: patient.user.id });
    expect(JSON.stringify(event?.details)).not.toContain('away');
  });

  it('is refused to patients, doctors and the viewing-only staff', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, new Date(`${day(14)}T09:00:00Z`), 'requested');
    for (const actor of [patient, doctor, viewer]) {
      expect((await actor.agent.post(`/api/appointments/${id}/approve`, {})).statusCode).toBe(403);
      expect((await actor.agent.post(`/api/appointments/${id}/decline`, { reason: 'No' })).statusCode).toBe(403);
    }
    expect((await rowOf(id)).status).toBe('requested');
  });
});

describe('booking on behalf of a patient', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    patientId: patient.user.id,
    doctorId: doctor.user.id,
    date: day(15),
    time: '09:30',
    timeZone: 'UTC',
    type: 'in-person',
    reason: 'Follow-up booked by phone',
    ...overrides,
  });

  it('books with the same slot rules, recording who booked it, and tells the patient', async () => {
    const response = await desk.agent.post('/api/staff/appointments', body());
    expect(response.statusCode, response.body).toBe(201);
    const data = appointmentResponseSchema.parse(response.json()).data;
    expect(data).toMatchObject({ patientId: patient.user.id, status: 'scheduled', bookedBy: desk.user.id, bookedByRole: 'staff' });
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'appointment.patient_booked')));
    expect(note).toBeDefined();

    const twice = await desk.agent.post('/api/staff/appointments', body({ patientId: otherPatient.user.id }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('SLOT_TAKEN');
    const outside = await desk.agent.post('/api/staff/appointments', body({ time: '15:00' }));
    expect(outside.json().error.code).toBe('SLOT_TAKEN');
  });

  it('moves and cancels on the patient’s behalf, also inside the patient’s 24-hour cut-off', async () => {
    const [first, second] = twoSlotsWithinADay();
    const booked = await desk.agent.post('/api/staff/appointments', body(first));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = appointmentResponseSchema.parse(booked.json()).data.id;
    const moved = await desk.agent.put(`/api/staff/appointments/${id}`, { ...second, timeZone: 'UTC' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rowOf(id)).startsAt.toISOString()).toBe(new Date(`${second!.date}T${second!.time}:00Z`).toISOString());
    // The patient themself may no longer change it this close to the start.
    expect((await patient.agent.post(`/api/appointments/${id}/cancel`, {})).json().error.code).toBe('CHANGE_TOO_LATE');
    const cancelled = await desk.agent.post(`/api/staff/appointments/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rowOf(id)).status).toBe('cancelled');
    expect((await desk.agent.post(`/api/staff/appointments/${id}/cancel`, {})).json().error.code).toBe('APPOINTMENT_NOT_CHANGEABLE');
  });

  it('refuses staff without appointments.create, patients and doctors; a patient out of reach is a 404', async () => {
    for (const actor of [viewer, patient, doctor]) {
      expect((await actor.agent.post('/api/staff/appointments', body({ time: '11:30' }))).statusCode).toBe(403);
    }
    const unreached = await noScope.agent.post('/api/staff/appointments', body({ time: '11:30' }));
    expect(unreached.statusCode).toBe(404);
    const [row] = await t.app.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.user.id), eq(appointments.startsAt, new Date(`${day(15)}T11:30:00Z`))));
    expect(row).toBeUndefined();
  });
});

describe('a patient’s booking that needs the clinic’s approval', () => {
  /** A patient's own booking with `doctorId` on `date` at `time` (UTC). */
  const ownBooking = (doctorId: string, date: string, time: string, overrides: Record<string, unknown> = {}) => ({
    doctorId,
    date,
    time,
    timeZone: 'UTC',
    type: 'in-person',
    reason: 'First visit about back pain',
    ...overrides,
  });

  async function notesOf(userId: string, appointmentId: string): Promise<string[]> {
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, userId));
    return rows.filter((n) => (n.metadata as { appointmentId?: string } | null)?.appointmentId === appointmentId).map((n) => n.code ?? '');
  }

  /** A completed visit of `patientId` with `doctorId` a month ago: the patient is no longer new to that doctor. */
  async function pastVisit(doctorId: string, patientId: string): Promise<void> {
    await appointment(doctorId, patientId, new Date(`${day(-30)}T09:00:00Z`), 'completed');
  }

  afterAll(() => setBookingApproval(t.app, null));

  it('is decided by the setting: new patients by default, none or all; staff booking never wait', async () => {
    const newDoctor = await createOpenDoctorActor(t.app);
    const known = await createActor(t.app, 'patient');
    const newcomer = await createActor(t.app, 'patient');
    await pastVisit(newDoctor.user.id, known.user.id);
    const bookAs = async (actor: Actor, time: string, dayOffset = 20) => {
      const response = await actor.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(dayOffset), time));
      expect(response.statusCode, response.body).toBe(201);
      return appointmentResponseSchema.parse(response.json()).data;
    };

    // The default (nothing saved): a patient new to the doctor asks, a known one books.
    await setBookingApproval(t.app, null);
    published.length = 0;
    const asked = await bookAs(newcomer, '09:00');
    expect(asked.status).toBe('requested');
    expect((await rowOf(asked.id)).status).toBe('requested');
    expect((await bookAs(known, '09:30')).status).toBe('scheduled');
    // The patient hears that it waits for the clinic; the doctor hears nothing until it is approved.
    expect(await notesOf(newcomer.user.id, asked.id)).toEqual(['appointment.patient_requested']);
    expect(await notesOf(newDoctor.user.id, asked.id)).toEqual([]);
    // The desk sees it among the requests, told live.
    const events = await delivered();
    expect(
      events.some(
        (e) =>
          e.event.type === 'appointment_update' &&
          e.event.appointmentId === asked.id &&
          e.recipients.includes(viewer.user.id) &&
          e.recipients.includes(admin.user.id),
      ),
    ).toBe(true);
    const pending = pendingRequestsResponseSchema.parse((await desk.agent.get('/api/appointments/requests/pending')).json()).data;
    expect(pending.map((a) => a.id)).toContain(asked.id);
    // A second booking while the first is still a request is still new to the doctor.
    expect((await bookAs(newcomer, '10:00')).status).toBe('requested');

    await setBookingApproval(t.app, 'none');
    expect((await bookAs(await createActor(t.app, 'patient'), '10:30')).status).toBe('scheduled');

    await setBookingApproval(t.app, 'all');
    expect((await bookAs(known, '11:00')).status).toBe('requested');
    const byDesk = await desk.agent.post('/api/staff/appointments', {
      ...ownBooking(newDoctor.user.id, day(20), '11:30'),
      patientId: patient.user.id,
    });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    expect(appointmentResponseSchema.parse(byDesk.json()).data.status).toBe('scheduled');
  });

  it('holds its slot against a second patient, also when both take it at once', async () => {
    await setBookingApproval(t.app, 'all');
    const newDoctor = await createOpenDoctorActor(t.app);
    const [first, second, third] = [
      await createActor(t.app, 'patient'),
      await createActor(t.app, 'patient'),
      await createActor(t.app, 'patient'),
    ];
    const held = await first.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(21), '09:00'));
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().data.status).toBe('requested');
    const slots = await second.agent.get(`/api/doctors/${newDoctor.user.id}/slots?from=${day(21)}&to=${day(21)}&timeZone=UTC`);
    expect(slots.json().data.map((slot: { startsAt: string }) => slot.startsAt)).not.toContain(`${day(21)}T09:00:00.000Z`);
    const late = await second.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(21), '09:00'));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('SLOT_TAKEN');

    const race = await Promise.all(
      [second, third].map((actor) => actor.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(21), '10:00'))),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const stored = await t.app.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, newDoctor.user.id), eq(appointments.startsAt, new Date(`${day(21)}T10:00:00Z`))));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('requested');
  });

  it('may be moved and cancelled by the patient under the same rules', async () => {
    await setBookingApproval(t.app, 'all');
    const newDoctor = await createOpenDoctorActor(t.app);
    const asking = await createActor(t.app, 'patient');
    const booked = await asking.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(22), '09:00'));
    const id = booked.json().data.id as string;
    const moved = await asking.agent.put(`/api/appointments/${id}`, { date: day(22), time: '10:00', timeZone: 'UTC' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'requested', startsAt: `${day(22)}T10:00:00.000Z` });
    const cancelled = await asking.agent.post(`/api/appointments/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rowOf(id)).status).toBe('cancelled');
    // The doctor never heard of the request, so not of its move or cancellation either.
    expect(await notesOf(newDoctor.user.id, id)).toEqual([]);
  });

  it('is approved: scheduled, the patient notified and told live, the doctor told, and reminded from then on, at once when due', async () => {
    await setBookingApproval(t.app, null);
    const newDoctor = await createOpenDoctorActor(t.app);
    const asking = await createActor(t.app, 'patient');
    // Within two days: the 48-hour reminder is due at once for a scheduled visit.
    const [slot] = twoSlotsWithinADay();
    const booked = await asking.agent.post('/api/appointments', ownBooking(newDoctor.user.id, slot!.date, slot!.time));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().data.id as string;
    expect(booked.json().data.status).toBe('requested');
    await t.app.jobs.runNow('appointment-reminders');
    expect(await t.app.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, id))).toEqual([]);

    published.length = 0;
    const approved = await desk.agent.post(`/api/appointments/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await rowOf(id)).status).toBe('scheduled');
    expect(await notesOf(asking.user.id, id)).toEqual(
      expect.arrayContaining(['appointment.patient_requested', 'appointment.patient_approved']),
    );
    expect(await notesOf(newDoctor.user.id, id)).toEqual(['appointment.doctor_booked']);
    const events = await delivered();
    // The patient's bell and their lists hear of it live.
    expect(events.some((e) => e.event.type === 'notification' && e.recipients.includes(asking.user.id))).toBe(true);
    expect(
      events.some((e) => e.event.type === 'appointment_update' && e.event.appointmentId === id && e.recipients.includes(asking.user.id)),
    ).toBe(true);

    // The reminder already due goes out with the approval, as with a booking, not at the job's next minute.
    const reminders = await t.app.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, id));
    expect(reminders.length).toBeGreaterThan(0);
  });

  it('is declined with a reason the patient reads, and its time is free again', async () => {
    await setBookingApproval(t.app, null);
    const newDoctor = await createOpenDoctorActor(t.app);
    const asking = await createActor(t.app, 'patient');
    const booked = await asking.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(23), '09:00'));
    const id = booked.json().data.id as string;
    const declined = await desk.agent.post(`/api/appointments/${id}/decline`, { reason: 'Please see your usual doctor first' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await rowOf(id)).status).toBe('cancelled');
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, asking.user.id), eq(notifications.code, 'appointment.patient_declined')));
    expect(note?.params).toMatchObject({ reason: 'Please see your usual doctor first' });
    expect(await notesOf(newDoctor.user.id, id)).toEqual([]);
    const other = await createActor(t.app, 'patient');
    expect((await other.agent.post('/api/appointments', ownBooking(newDoctor.user.id, day(23), '09:00'))).statusCode).toBe(201);
  });
});

describe('parking with a booking at the desk', () => {
  it('stores the reservation as a patient’s own booking does, and cancels it with the visit', async () => {
    const response = await desk.agent.post('/api/staff/appointments', {
      patientId: patient.user.id,
      doctorId: doctor.user.id,
      date: day(16),
      time: '10:00',
      timeZone: 'UTC',
      type: 'in-person',
      reason: 'Knee check booked by phone',
      parking: { licensePlate: ' ab  123 ', arrivalTime: '09:45', departureTime: '11:00' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = appointmentResponseSchema.parse(response.json()).data;
    expect(data.parkingReservation).toMatchObject({ licensePlate: 'AB 123', status: 'reserved' });
    const [stored] = await t.app.db.select().from(parkingReservations).where(eq(parkingReservations.appointmentId, data.id));
    expect(stored).toMatchObject({
      patientId: patient.user.id,
      licensePlate: 'AB 123',
      status: 'reserved',
      arrivalAt: new Date(`${day(16)}T09:45:00Z`),
      departureAt: new Date(`${day(16)}T11:00:00Z`),
    });
    // The same window rules as the patient's: parking that ends before the visit is refused, nothing stored.
    const outside = await desk.agent.post('/api/staff/appointments', {
      patientId: patient.user.id,
      doctorId: doctor.user.id,
      date: day(16),
      time: '11:00',
      timeZone: 'UTC',
      type: 'in-person',
      reason: 'Knee check booked by phone',
      parking: { licensePlate: 'AB 123', arrivalTime: '09:00', departureTime: '10:00' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toHaveProperty(['parking.departureTime']);
    const cancelled = await desk.agent.post(`/api/staff/appointments/${data.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    const [after] = await t.app.db.select().from(parkingReservations).where(eq(parkingReservations.appointmentId, data.id));
    expect(after?.status).toBe('cancelled');
  });
});

describe('POST /api/staff/appointments/{id}/arrival', () => {
  it('checks a patient in after the desk confirmed who they are; the queue is told live', async () => {
    const own = await createOpenDoctorActor(t.app);
    const id = await appointment(own.user.id, patient.user.id, todayAt(-20));
    const next = await appointment(own.user.id, otherPatient.user.id, todayAt(10));
    const unconfirmed = await desk.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'check-in' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.fields).toMatchObject({ identityConfirmed: VALIDATION_MESSAGES_EN['identity.unconfirmed'] });

    published.length = 0;
    const since = await lastAuditId();
    const response = await desk.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'check-in', identityConfirmed: true });
    expect(response.statusCode, response.body).toBe(200);
    const row = await rowOf(id);
    expect(row.status).toBe('checked-in');
    expect(row.checkedInAt).toBeInstanceOf(Date);
    const events = await delivered();
    expect(events).toContainEqual({
      recipients: [own.user.id, patient.user.id].sort(),
      event: expect.objectContaining({ type: 'appointment_update', appointmentId: id }),
    });
    // The next patient of that doctor hears of their own appointment, never of the other one.
    expect(events).toContainEqual({
      recipients: [otherPatient.user.id],
      event: expect.objectContaining({ type: 'appointment_update', appointmentId: next, patientId: otherPatient.user.id }),
    });
    expect(
      events
        .filter((e) => e.recipients.includes(otherPatient.user.id))
        .every((e) => e.event.type !== 'appointment_update' || e.event.appointmentId === next),
    ).toBe(true);
    const [noted] = (await auditSince(since)).filter((e) => e.action === 'appointment.check-in');
    expect(noted).toMatchObject({ outcome: 'success', patientId: patient.user.id });

    const twice = await desk.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'check-in', identityConfirmed: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_CHECKED_IN');
  });

  it('refuses a cancelled appointment, another day’s, and a no-show before the start, changing nothing', async () => {
    const own = await createOpenDoctorActor(t.app);
    const cancelled = await appointment(own.user.id, patient.user.id, todayAt(-40), 'cancelled');
    const refusal = await desk.agent.post(`/api/staff/appointments/${cancelled}/arrival`, { action: 'check-in', identityConfirmed: true });
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().error.code).toBe('APPOINTMENT_CANCELLED');
    expect((await rowOf(cancelled)).status).toBe('cancelled');

    const tomorrow = await appointment(own.user.id, patient.user.id, new Date(`${day(1)}T09:00:00Z`));
    const early = await desk.agent.post(`/api/staff/appointments/${tomorrow}/arrival`, { action: 'check-in', identityConfirmed: true });
    expect(early.json().error.code).toBe('ARRIVAL_NOT_ALLOWED');
    expect((await rowOf(tomorrow)).status).toBe('scheduled');

    const soon = await appointment(own.user.id, otherPatient.user.id, todayAt(45));
    if ((await rowOf(soon)).startsAt.getTime() > Date.now()) {
      const noShow = await desk.agent.post(`/api/staff/appointments/${soon}/arrival`, { action: 'no-show' });
      expect(noShow.json().error.code).toBe('ARRIVAL_NOT_ALLOWED');
      expect((await rowOf(soon)).status).toBe('scheduled');
    }
  });

  it('notes a late patient (the status stays) and marks a no-show after the start', async () => {
    const own = await createOpenDoctorActor(t.app);
    const id = await appointment(own.user.id, patient.user.id, todayAt(-15));
    const late = await desk.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'late' });
    expect(late.statusCode, late.body).toBe(200);
    expect(appointmentResponseSchema.parse(late.json()).data.lateAt).not.toBeNull();
    expect((await rowOf(id)).status).toBe('scheduled');
    const noShow = await desk.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'no-show' });
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect((await rowOf(id)).status).toBe('no-show');
  });

  it('is refused to patients, doctors and the viewing-only staff; out of the desk’s reach it is a 404', async () => {
    const own = await createOpenDoctorActor(t.app);
    const id = await appointment(own.user.id, patient.user.id, todayAt(-5));
    for (const actor of [patient, own, viewer]) {
      expect(
        (await actor.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'check-in', identityConfirmed: true })).statusCode,
      ).toBe(403);
    }
    expect(
      (await noScope.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'check-in', identityConfirmed: true })).statusCode,
    ).toBe(404);
    expect((await rowOf(id)).status).toBe('scheduled');
  });
});

describe('GET /api/appointments/today for the desk', () => {
  it('lists the whole clinic’s day with each doctor’s queue, filtered by doctor, status and type', async () => {
    const own = await createOpenDoctorActor(t.app);
    const first = await appointment(own.user.id, patient.user.id, todayAt(-25), 'checked-in');
    const second = await appointment(own.user.id, otherPatient.user.id, todayAt(-24));
    const response = await desk.agent.get(`/api/appointments/today?doctorId=${own.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = todayResponseSchema.parse(response.json()).data;
    expect(data.map((a) => a.id)).toEqual([first, second]);
    expect(data[0]).toMatchObject({ queuePosition: 1, estimatedWaitTime: 0 });
    expect(data[1]).toMatchObject({ queuePosition: 2, estimatedWaitTime: expect.any(Number) });
    expect(data[1]!.estimatedWaitTime!).toBeGreaterThan(0);

    const waiting = todayResponseSchema.parse(
      (await desk.agent.get(`/api/appointments/today?doctorId=${own.user.id}&status=checked-in`)).json(),
    );
    expect(waiting.data.map((a) => a.id)).toEqual([first]);
    expect((await desk.agent.get('/api/appointments/today?status=waiting')).statusCode).toBe(400);
    expect((await desk.agent.get('/api/appointments/today?doctorId=nope')).statusCode).toBe(400);

    // A patient sees only their own, without the clinic's queue.
    const mine = todayResponseSchema.parse((await patient.agent.get('/api/appointments/today')).json()).data;
    expect(mine.every((a) => a.patientId === patient.user.id && a.queuePosition === null)).toBe(true);
  });
});

describe('IDOR: the desk routes on an appointment', () => {
  it('staff who may act but do not reach the patient get 404, leak nothing and change nothing', async () => {
    const owner = await createActor(t.app, 'patient');
    const cases = [
      { paths: ['/api/appointments/:id/approve'], body: {}, status: 'requested' as const },
      { paths: ['/api/appointments/:id/decline'], body: { reason: 'No room' }, status: 'requested' as const },
      { paths: ['/api/staff/appointments/:id'], body: { date: day(20), time: '11:00', timeZone: 'UTC' }, status: 'scheduled' as const },
      { paths: ['/api/staff/appointments/:id/cancel'], body: {}, status: 'scheduled' as const },
      { paths: ['/api/staff/appointments/:id/arrival'], body: { action: 'late' }, status: 'scheduled' as const },
    ];
    for (const testCase of cases) {
      const { outcomes, before, after } = await probeIdor(
        {
          name: testCase.paths[0]!,
          paths: testCase.paths,
          methods: ['POST', 'PUT'],
          body: testCase.body,
          create: async (o) => ({ id: await appointment(doctor.user.id, o.user.id, distinctToday(), testCase.status) }),
          snapshot: async (record) => rowOf(record.id),
          secrets: (_record, o) => [o.user.lastName, 'Persistent cough'],
        },
        owner,
        noScope,
      );
      for (const outcome of outcomes) {
        expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
        expect(outcome.leaked).toEqual([]);
      }
      expect(after).toEqual(before);
    }
  });
});
