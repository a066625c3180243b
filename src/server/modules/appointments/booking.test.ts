import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentResponseSchema, BOOKING, BOOKING_MESSAGES, queueResponseSchema, slotsResponseSchema } from '../../../contracts/booking';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, auditEvents, doctorTimeOff, notifications, organisationSettings, parkingReservations } from '../../db/schema';
import { createOpenDoctorActor, setBookingApproval } from '../../test-support/clinical-fixtures';
import { createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import type { BusEnvelope } from '../../platform/events';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Free slots, booking, rescheduling, cancelling, the calendar file and the queue,
// against the real app and database. The clinic zone is UTC (the default), so a doctor's hours
// 09:00–12:00 are 09:00–12:00Z.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let staff: Actor;
const random = new Random(31);
const DAY = 86_400_000;
const PHONE = '+1 555 0100';

/** The UTC calendar date `n` days from today. */
function day(n: number): string {
  return new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
}

function booking(doctorId: string, overrides: Record<string, unknown> = {}) {
  return { doctorId, date: day(5), time: '09:00', timeZone: 'UTC', type: 'in-person', reason: 'Knee pain', ...overrides };
}

async function appointmentCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(appointments);
  return row!.n;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function auditSince(id: number) {
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id));
}

async function slotsOf(doctorId: string, from: string, to = from, actor = patient): Promise<string[]> {
  const response = await actor.agent.get(`/api/doctors/${doctorId}/slots?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return slotsResponseSchema.parse(response.json()).data.map((s) => s.startsAt);
}

async function book(actor: Actor, body: Record<string, unknown>) {
  return actor.agent.post('/api/appointments', body);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createOpenDoctorActor(t.app);
  staff = await createActor(t.app, 'staff', { permissions: ['appointments.view.all'] });
  // These bookings are confirmed at once; the requests a setting asks for are told in front-desk.test.ts.
  await setBookingApproval(t.app, 'none');
  await t.app.db
    .insert(organisationSettings)
    .values({ id: 1, name: 'Riverside Clinic', supportEmail: 'desk@riverside.test', phone: PHONE });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/doctors/{id}/slots', () => {
  it('answers the weekly hours as 30-minute UTC slots with their duration', async () => {
    const response = await patient.agent.get(`/api/doctors/${doctor.user.id}/slots?from=${day(6)}&to=${day(6)}`);
    const body = slotsResponseSchema.parse(response.json());
    expect(body.clinicTimeZone).toBe('UTC');
    expect(body.data.map((s) => s.startsAt)).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((time) => new Date(`${day(6)}T${time}:00Z`).toISOString()),
    );
    expect(body.data[0]).toMatchObject({ duration: BOOKING.slotMinutes, endsAt: new Date(`${day(6)}T09:30:00Z`).toISOString() });
  });

  it('reads the days in the caller’s zone when one is given', async () => {
    // 09:00–12:00Z is 18:00–21:00 in Tokyo, so the Tokyo day holds that day's slots and nothing of the next.
    const response = await patient.agent.get(`/api/doctors/${doctor.user.id}/slots?from=${day(6)}&to=${day(6)}&timeZone=Asia/Tokyo`);
    const starts = slotsResponseSchema.parse(response.json()).data.map((s) => s.startsAt);
    expect(starts).toHaveLength(6);
    expect(starts.every((s) => s.startsWith(day(6)))).toBe(true);
  });

  it('leaves out booked slots and time off, and never offers the past', async () => {
    const other = await createOpenDoctorActor(t.app);
    await t.app.db.insert(appointments).values(
      buildAppointment(random, {
        patientId: otherPatient.user.id,
        doctorId: other.user.id,
        startsAt: new Date(`${day(6)}T09:30:00Z`),
        durationMinutes: 45,
        status: 'scheduled',
      }),
    );
    await t.app.db.insert(appointments).values(
      buildAppointment(random, {
        patientId: otherPatient.user.id,
        doctorId: other.user.id,
        startsAt: new Date(`${day(6)}T11:30:00Z`),
        durationMinutes: 30,
        status: 'cancelled',
      }),
    );
    await t.app.db
      .insert(doctorTimeOff)
      .values({ doctorId: other.user.id, startsAt: new Date(`${day(7)}T00:00:00Z`), endsAt: new Date(`${day(8)}T00:00:00Z`) });
    const starts = await slotsOf(other.user.id, day(6), day(7));
    expect(starts.map((s) => s.slice(11, 16))).toEqual(['09:00', '10:30', '11:00', '11:30']);
    const recent = await slotsOf(other.user.id, day(-3), day(0));
    expect(recent.every((s) => Date.parse(s) > Date.now())).toBe(true);
  });

  it('refuses a range over the cap, a reversed range and unknown doctors', async () => {
    expect((await patient.agent.get(`/api/doctors/${doctor.user.id}/slots?from=${day(1)}&to=${day(40)}`)).statusCode).toBe(400);
    expect((await patient.agent.get(`/api/doctors/${doctor.user.id}/slots?from=${day(3)}&to=${day(1)}`)).statusCode).toBe(400);
    expect((await patient.agent.get(`/api/doctors/${patient.user.id}/slots?from=${day(1)}&to=${day(2)}`)).statusCode).toBe(404);
    expect((await patient.agent.get(`/api/doctors/nope/slots?from=${day(1)}&to=${day(2)}`)).statusCode).toBe(404);
  });
});

describe('POST /api/appointments', () => {
  it('books a free slot for the patient, scheduled, with parking, audited, told to both sides', async () => {
    const since = await lastAuditId();
    const published: BusEnvelope[] = [];
    const unsubscribe = t.app.events.subscribe((envelope) => published.push(envelope));
    const response = await book(
      patient,
      booking(doctor.user.id, {
        time: '10:00',
        timeZone: 'Europe/Berlin',
        parking: { licensePlate: 'b-ab 123', arrivalTime: '09:45', departureTime: '11:00' },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { data } = appointmentResponseSchema.parse(response.json());
    // 10:00 in Berlin in winter is 09:00Z.
    expect(data).toMatchObject({
      patientId: patient.user.id,
      doctorId: doctor.user.id,
      startsAt: new Date(`${day(5)}T09:00:00Z`).toISOString(),
      status: 'scheduled',
      type: 'in-person',
      bookedBy: patient.user.id,
      bookedByRole: 'patient',
      parkingReservation: { licensePlate: 'B-AB 123', status: 'reserved', arrivalTime: new Date(`${day(5)}T08:45:00Z`).toISOString() },
    });
    const audit = await auditSince(since);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'appointment.create', outcome: 'success', resourceId: data.id, patientId: patient.user.id }),
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain('Knee pain');
    for (const userId of [patient.user.id, doctor.user.id]) {
      const [note] = await t.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'appointment')));
      // The doctor and the patient by the parts, which the web titles and orders in the reader's language.
      const named = {
        doctorFirstName: doctor.user.firstName,
        doctorLastName: doctor.user.lastName,
        patientFirstName: patient.user.firstName,
        patientLastName: patient.user.lastName,
      };
      expect(note?.metadata).toMatchObject({ appointmentId: data.id, consultationType: 'in-person', ...named });
      expect(note?.code).toBe(userId === patient.user.id ? 'appointment.patient_booked' : 'appointment.doctor_booked');
      expect(note?.params).toMatchObject({ startsAt: data.startsAt, ...named });
      expect(note?.params).not.toHaveProperty('doctorName');
      expect(note?.params).not.toHaveProperty('patientName');
      expect(note?.metadata).not.toHaveProperty('patientName');
    }
    expect(await slotsOf(doctor.user.id, day(5))).not.toContain(data.startsAt);
    await new Promise((resolve) => setTimeout(resolve, 0));
    unsubscribe();
    const update = published.find((e) => e.event.type === 'appointment_update');
    expect(update?.recipients).toEqual([patient.user.id, doctor.user.id]);
    expect(update?.event).toMatchObject({
      action: 'created',
      appointmentId: data.id,
      patientId: patient.user.id,
      doctorId: doctor.user.id,
    });
    const pushed = published.filter((e) => e.event.type === 'notification').flatMap((e) => e.recipients);
    expect(pushed.sort()).toEqual([patient.user.id, doctor.user.id].sort());
  });

  it('refuses bad input with a validation error and books nothing', async () => {
    const before = await appointmentCount();
    const bad = [
      booking(doctor.user.id, { timeZone: 'Mars/Olympus' }),
      booking(doctor.user.id, { reason: '   ' }),
      booking(doctor.user.id, { time: '25:00' }),
      booking(doctor.user.id, { type: 'video', parking: { licensePlate: 'AB 123', arrivalTime: '08:30', departureTime: '10:00' } }),
      booking(doctor.user.id, { time: '11:00', parking: { licensePlate: '!!', arrivalTime: '10:30', departureTime: '12:00' } }),
      booking(doctor.user.id, { time: '11:00', parking: { licensePlate: 'AB 123', arrivalTime: '12:00', departureTime: '10:30' } }),
      booking(doctor.user.id, { time: '11:00', parking: { licensePlate: 'AB 123', arrivalTime: '05:00', departureTime: '11:30' } }),
      booking(doctor.user.id, { patientId: otherPatient.user.id }),
    ];
    for (const body of bad) {
      const response = await book(patient, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await appointmentCount()).toBe(before);
  });

  it('answers 409 for a time that is not a free slot: off the grid, past, outside hours or on time off', async () => {
    const other = await createOpenDoctorActor(t.app);
    await t.app.db
      .insert(doctorTimeOff)
      .values({ doctorId: other.user.id, startsAt: new Date(`${day(9)}T00:00:00Z`), endsAt: new Date(`${day(10)}T00:00:00Z`) });
    const before = await appointmentCount();
    for (const body of [
      booking(other.user.id, { time: '09:15' }),
      booking(other.user.id, { date: day(-1) }),
      booking(other.user.id, { time: '13:00' }),
      booking(other.user.id, { date: day(9) }),
    ]) {
      const response = await book(patient, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json().error.message).toBe(BOOKING_MESSAGES.slotTaken);
    }
    expect(await appointmentCount()).toBe(before);
    expect((await book(patient, booking(patient.user.id))).statusCode).toBe(404);
  });

  it('is for patients booking for themselves', async () => {
    expect((await book(doctor, booking(doctor.user.id, { time: '11:30' }))).statusCode).toBe(403);
    expect((await book(staff, booking(doctor.user.id, { time: '11:30' }))).statusCode).toBe(403);
  });

  it('lets exactly one of many concurrent bookings of the last slot through; the rest hear 409', async () => {
    const other = await createOpenDoctorActor(t.app);
    const patients = await Promise.all(Array.from({ length: 8 }, () => createActor(t.app, 'patient')));
    const since = await lastAuditId();
    const responses = await Promise.all(patients.map((p) => book(p, booking(other.user.id, { time: '10:30' }))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().error.message).toBe(BOOKING_MESSAGES.slotTaken);
    const rows = await t.app.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, other.user.id), eq(appointments.startsAt, new Date(`${day(5)}T10:30:00Z`))));
    expect(rows).toHaveLength(1);
    // The losers were refused by the unique index, not by an earlier look at the schedule.
    const refused = (await auditSince(since)).filter((a) => a.action === 'appointment.create' && a.outcome === 'failure');
    expect(refused.map((a) => a.details)).toEqual(Array.from({ length: 7 }, () => ({ reason: 'slot_taken' })));
  });
});

async function ownAppointment(owner: Actor, doctorId: string, overrides: Record<string, unknown> = {}) {
  const response = await book(owner, booking(doctorId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return appointmentResponseSchema.parse(response.json()).data;
}

/** An appointment straight in the database (for states a patient cannot book, like tomorrow morning). */
async function insertAppointment(patientId: string, doctorId: string, startsAt: Date, status: 'scheduled' | 'completed' = 'scheduled') {
  const row = buildAppointment(random, { patientId, doctorId, startsAt, status, durationMinutes: 30, type: 'in-person' });
  await t.app.db.insert(appointments).values(row);
  return row.id;
}

describe('PUT /api/appointments/{id} (reschedule)', () => {
  it('moves the appointment to another free slot, keeping the parking window relative to it', async () => {
    const other = await createOpenDoctorActor(t.app);
    const original = await ownAppointment(patient, other.user.id, {
      parking: { licensePlate: 'KA 1234', arrivalTime: '08:45', departureTime: '09:45' },
    });
    const since = await lastAuditId();
    const response = await patient.agent.put(`/api/appointments/${original.id}`, { date: day(6), time: '11:00', timeZone: 'UTC' });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = appointmentResponseSchema.parse(response.json());
    expect(data.startsAt).toBe(new Date(`${day(6)}T11:00:00Z`).toISOString());
    expect(data.parkingReservation).toMatchObject({
      arrivalTime: new Date(`${day(6)}T10:45:00Z`).toISOString(),
      departureTime: new Date(`${day(6)}T11:45:00Z`).toISOString(),
    });
    expect(await auditSince(since)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'appointment.reschedule', outcome: 'success', resourceId: original.id })]),
    );
    expect(await slotsOf(other.user.id, day(5))).toContain(original.startsAt);
  });

  it('refuses a taken slot with 409 and a time inside the cut-off with the clinic’s phone', async () => {
    const other = await createOpenDoctorActor(t.app);
    const mine = await ownAppointment(patient, other.user.id, { time: '09:00' });
    await ownAppointment(otherPatient, other.user.id, { time: '09:30' });
    const taken = await patient.agent.put(`/api/appointments/${mine.id}`, { date: day(5), time: '09:30', timeZone: 'UTC' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(BOOKING_MESSAGES.slotTaken);

    const soonId = await insertAppointment(patient.user.id, other.user.id, new Date(Date.now() + 3 * 3_600_000));
    const late = await patient.agent.put(`/api/appointments/${soonId}`, { date: day(6), time: '09:00', timeZone: 'UTC' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(`${BOOKING_MESSAGES.tooLate} ${PHONE}`);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, soonId));
    expect(row!.startsAt.getTime()).toBeLessThan(Date.now() + 4 * 3_600_000);
  });
});

describe('POST /api/appointments/{id}/cancel', () => {
  it('cancels the appointment and its parking, frees the slot, tells both sides', async () => {
    const other = await createOpenDoctorActor(t.app);
    const mine = await ownAppointment(patient, other.user.id, {
      time: '11:30',
      parking: { licensePlate: 'KA 1234', arrivalTime: '11:00', departureTime: '12:30' },
    });
    const since = await lastAuditId();
    const published: BusEnvelope[] = [];
    const unsubscribe = t.app.events.subscribe((envelope) => published.push(envelope));
    const response = await patient.agent.post(`/api/appointments/${mine.id}/cancel`, { reason: 'Feeling better' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    unsubscribe();
    expect(published.find((e) => e.event.type === 'appointment_update')?.event).toMatchObject({
      action: 'cancelled',
      appointmentId: mine.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = appointmentResponseSchema.parse(response.json());
    expect(data.status).toBe('cancelled');
    expect(data.parkingReservation?.status).toBe('cancelled');
    const audit = await auditSince(since);
    expect(audit).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'appointment.cancel', outcome: 'success', resourceId: mine.id })]),
    );
    expect(JSON.stringify(audit)).not.toContain('Feeling better');
    const doctorNotes = await t.app.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(doctorNotes.map((n) => n.title)).toContain('Appointment cancelled');
    expect(await slotsOf(other.user.id, day(5))).toContain(mine.startsAt);
    // Once cancelled it cannot be changed again.
    expect((await patient.agent.post(`/api/appointments/${mine.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('refuses inside the cut-off, saying to call the clinic, and changes nothing', async () => {
    const other = await createOpenDoctorActor(t.app);
    const soonId = await insertAppointment(patient.user.id, other.user.id, new Date(Date.now() + 2 * 3_600_000));
    const response = await patient.agent.post(`/api/appointments/${soonId}/cancel`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Please call the clinic');
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, soonId));
    expect(row!.status).toBe('scheduled');
  });
});

describe('GET /api/appointments/{id}/calendar.ics', () => {
  it('downloads the appointment as an iCalendar event without the reason, audited', async () => {
    const other = await createOpenDoctorActor(t.app);
    const mine = await ownAppointment(patient, other.user.id, { time: '10:00', reason: 'Chest pain, private' });
    const since = await lastAuditId();
    const response = await patient.agent.get(`/api/appointments/${mine.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="appointment-\d{4}-\d{2}-\d{2}\.ics"$/);
    const ics = response.body;
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:${mine.id}@caredeck`);
    expect(ics).toContain(`DTSTART:${day(5).replace(/-/g, '')}T100000Z`);
    expect(ics).toContain(`DTEND:${day(5).replace(/-/g, '')}T103000Z`);
    expect(ics).toContain('LOCATION:Riverside Clinic');
    expect(ics).not.toContain('Chest pain');
    expect(await auditSince(since)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'appointment.calendar', outcome: 'success', resourceId: mine.id })]),
    );
  });
});

describe('GET /api/appointments/{id}/queue', () => {
  it('counts the doctor’s visits still ahead today and estimates the wait from their lengths', async () => {
    const other = await createOpenDoctorActor(t.app);
    const start = new Date(`${day(0)}T00:00:00Z`).getTime();
    await insertAppointment(otherPatient.user.id, other.user.id, new Date(start + 10 * 60_000));
    await insertAppointment(otherPatient.user.id, other.user.id, new Date(start + 40 * 60_000));
    await insertAppointment(otherPatient.user.id, other.user.id, new Date(start + 70 * 60_000), 'completed');
    const mine = await insertAppointment(patient.user.id, other.user.id, new Date(start + 100 * 60_000));
    const response = await patient.agent.get(`/api/appointments/${mine}/queue`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = queueResponseSchema.parse(response.json());
    expect(data.queuePosition).toBe(3);
    expect(data.estimatedWaitTime).toBeGreaterThanOrEqual(60);
  });

  it('is only known on the day', async () => {
    const mine = await ownAppointment(patient, (await createOpenDoctorActor(t.app)).user.id);
    expect((await patient.agent.get(`/api/appointments/${mine.id}/queue`)).statusCode).toBe(409);
  });
});

describe('Idempotency-Key on booking, rescheduling and cancelling', () => {
  const key = () => `booking-${randomUUID()}`;
  const withKey = (k: string) => ({ headers: { 'idempotency-key': k } });

  it('answers a retried booking with the first outcome: the same appointment, not a conflict, booked once', async () => {
    const other = await createOpenDoctorActor(t.app);
    const k = key();
    const body = booking(other.user.id, { time: '09:30' });
    const first = await patient.agent.post('/api/appointments', body, withKey(k));
    expect(first.statusCode, first.body).toBe(201);
    const before = await appointmentCount();
    const retry = await patient.agent.post('/api/appointments', body, withKey(k));
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await appointmentCount()).toBe(before);
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(notes).toHaveLength(1);
    // Without the key it is a second booking of the same slot.
    const again = await book(patient, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SLOT_TAKEN');
  });

  it('answers a retried reschedule and cancel with their first outcomes', async () => {
    const other = await createOpenDoctorActor(t.app);
    const mine = await ownAppointment(patient, other.user.id, { time: '10:00' });
    const moveKey = key();
    const to = { date: day(6), time: '10:30', timeZone: 'UTC' };
    const moved = await patient.agent.put(`/api/appointments/${mine.id}`, to, withKey(moveKey));
    expect(moved.statusCode, moved.body).toBe(200);
    const movedAgain = await patient.agent.put(`/api/appointments/${mine.id}`, to, withKey(moveKey));
    expect(movedAgain.statusCode).toBe(200);
    expect(movedAgain.json()).toEqual(moved.json());

    const cancelKey = key();
    const cancelled = await patient.agent.post(`/api/appointments/${mine.id}/cancel`, {}, withKey(cancelKey));
    expect(cancelled.statusCode).toBe(200);
    const retried = await patient.agent.post(`/api/appointments/${mine.id}/cancel`, {}, withKey(cancelKey));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(cancelled.json());
    const doctorNotes = await t.app.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(doctorNotes.map((n) => n.code).sort()).toEqual(
      ['appointment.doctor_booked', 'appointment.doctor_cancelled', 'appointment.doctor_rescheduled'].sort(),
    );
  });

  it('refuses the same key sent with a different request (422) and books nothing', async () => {
    const other = await createOpenDoctorActor(t.app);
    const k = key();
    expect((await patient.agent.post('/api/appointments', booking(other.user.id, { time: '11:00' }), withKey(k))).statusCode).toBe(201);
    const before = await appointmentCount();
    const reused = await patient.agent.post('/api/appointments', booking(other.user.id, { time: '11:30' }), withKey(k));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await appointmentCount()).toBe(before);
  });

  it('tells the refusals apart by code, and a refused change notifies and pushes nothing', async () => {
    const other = await createOpenDoctorActor(t.app);
    await ownAppointment(otherPatient, other.user.id, { time: '09:00' });
    const published: BusEnvelope[] = [];
    const unsubscribe = t.app.events.subscribe((envelope) => published.push(envelope));
    const taken = await book(patient, booking(other.user.id, { time: '09:00' }));
    expect(taken.json().error.code).toBe('SLOT_TAKEN');
    const soonId = await insertAppointment(patient.user.id, other.user.id, new Date(Date.now() + 3 * 3_600_000));
    const late = await patient.agent.post(`/api/appointments/${soonId}/cancel`, {});
    expect(late.json().error.code).toBe('CHANGE_TOO_LATE');
    const done = await insertAppointment(patient.user.id, other.user.id, new Date(Date.now() + 72 * 3_600_000), 'completed');
    const notChangeable = await patient.agent.post(`/api/appointments/${done}/cancel`, {});
    expect(notChangeable.json().error.code).toBe('APPOINTMENT_NOT_CHANGEABLE');
    // A write that pushes at all has pushed by the time its answer arrives; these answered without one.
    unsubscribe();
    expect(published.filter((e) => e.recipients.includes(patient.user.id))).toEqual([]);
    const patientNotes = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.user.id), eq(notifications.type, 'appointment')));
    expect(patientNotes.map((n) => n.code)).toEqual(['appointment.doctor_booked']);
  });
});

describe('someone else’s appointment', () => {
  it('answers 404 (or 403 for other roles) to every change, confirmation, download and queue, and changes nothing', async () => {
    const other = await createOpenDoctorActor(t.app);
    let time = 0;
    for (const intruder of [otherPatient, doctor, staff]) {
      const owner = await createActor(t.app, 'patient');
      const { outcomes, before, after } = await probeIdor(
        {
          name: 'appointments',
          paths: [
            '/api/appointments/:id',
            '/api/appointments/:id/cancel',
            '/api/appointments/:id/confirm',
            '/api/appointments/:id/calendar.ics',
            '/api/appointments/:id/queue',
          ],
          body: { date: day(7), time: '09:00', timeZone: 'UTC' },
          create: async (o) => ownAppointment(o, other.user.id, { time: ['09:30', '10:00', '10:30'][time++] }),
          snapshot: async (record) => ({
            appointment: await t.app.db.select().from(appointments).where(eq(appointments.id, record.id)),
            parking: await t.app.db.select().from(parkingReservations).where(eq(parkingReservations.appointmentId, record.id)),
          }),
          secrets: (_record, o) => ['Knee pain', o.user.lastName],
        },
        owner,
        intruder,
      );
      for (const outcome of outcomes) {
        expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
        expect(outcome.leaked).toEqual([]);
      }
      if (intruder === otherPatient) expect(outcomes.every((o) => o.status === 404)).toBe(true);
      expect(after).toEqual(before);
    }
  });
});
