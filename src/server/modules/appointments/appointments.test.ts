import { randomUUID } from 'node:crypto';
import { gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentListResponseSchema, todayResponseSchema, type Appointment } from '../../../contracts/appointments';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, auditEvents } from '../../db/schema';
import { createDoctorActor, giveHistory } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The appointment reads, scoped to the caller, audited; and the
// database's guarantee that one doctor's slot is never booked twice.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let otherDoctor: Actor;
let reception: Actor;
let plainStaff: Actor;
let admin: Actor;
const random = new Random(7);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  otherDoctor = await createDoctorActor(t.app);
  reception = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all'] });
  plainStaff = await createActor(t.app, 'staff', { permissions: ['billing.view'] });
  admin = await createActor(t.app, 'admin');
  await giveHistory(t.app, patient.user.id, [doctor.user.id]);
  await giveHistory(t.app, otherPatient.user.id, [otherDoctor.user.id]);
});

afterAll(async () => {
  await t.close();
});

async function list(actor: Actor, url: string): Promise<Appointment[]> {
  const response = await actor.agent.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return appointmentListResponseSchema.parse(response.json()).data;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

describe('GET /api/appointments', () => {
  it('gives a patient their own appointments and a doctor their own schedule', async () => {
    const own = await list(patient, '/api/appointments');
    expect(own.length).toBeGreaterThanOrEqual(5);
    expect(new Set(own.map((a) => a.patientId))).toEqual(new Set([patient.user.id]));
    const schedule = await list(doctor, '/api/appointments');
    expect(new Set(schedule.map((a) => a.doctorId))).toEqual(new Set([doctor.user.id]));
    expect(schedule.map((a) => a.id).sort()).toEqual(own.map((a) => a.id).sort());
  });

  it('splits upcoming (soonest first) from past (newest first)', async () => {
    const now = Date.now();
    const upcoming = await list(patient, '/api/appointments?when=upcoming');
    const past = await list(patient, '/api/appointments?when=past');
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    expect(upcoming.every((a) => Date.parse(a.startsAt) >= now)).toBe(true);
    expect(past.every((a) => Date.parse(a.startsAt) < now)).toBe(true);
    expect(upcoming.map((a) => a.startsAt)).toEqual([...upcoming.map((a) => a.startsAt)].sort());
    expect(past.map((a) => a.startsAt)).toEqual([...past.map((a) => a.startsAt)].sort().reverse());
  });

  it('answers the appointment fields with names, never raw rows', async () => {
    const [first] = await list(patient, '/api/appointments?when=upcoming');
    expect(first).toMatchObject({
      patient: { id: patient.user.id, firstName: patient.user.firstName },
      doctor: { id: doctor.user.id, lastName: doctor.user.lastName },
      type: expect.stringMatching(/^(in-person|video)$/),
      duration: expect.any(Number),
    });
    const raw = (await patient.agent.get('/api/appointments')).body;
    for (const internal of ['cancelled_at', 'cancelledAt', 'updatedAt', 'email']) expect(raw).not.toContain(internal);
  });

  it('gives staff with appointments.view.all the schedule and refuses staff without', async () => {
    const all = await list(reception, '/api/appointments?pageSize=100');
    expect(new Set(all.map((a) => a.patientId))).toEqual(new Set([patient.user.id, otherPatient.user.id]));
    expect((await plainStaff.agent.get('/api/appointments')).statusCode).toBe(403);
  });

  it('leaves one audit event per patient whose appointments were listed', async () => {
    const since = await lastAuditId();
    await list(patient, '/api/appointments');
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'appointment.list', outcome: 'success', patientId: patient.user.id });
  });
});

describe('GET /api/appointments/patient/{id} and /doctor/{id}', () => {
  it('answers the patient, their doctor, reception and admin; someone else gets 404 like a missing patient', async () => {
    for (const reader of [patient, doctor, reception, admin]) {
      const rows = await list(reader, `/api/appointments/patient/${patient.user.id}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((a) => a.patientId === patient.user.id)).toBe(true);
    }
    const missing = await otherPatient.agent.get(`/api/appointments/patient/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    for (const intruder of [otherPatient, otherDoctor]) {
      const response = await intruder.agent.get(`/api/appointments/patient/${patient.user.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
  });

  it('answers a doctor’s schedule to that doctor, reception and admin only', async () => {
    for (const reader of [doctor, reception, admin]) {
      const rows = await list(reader, `/api/appointments/doctor/${doctor.user.id}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((a) => a.doctorId === doctor.user.id)).toBe(true);
    }
    expect((await otherDoctor.agent.get(`/api/appointments/doctor/${doctor.user.id}`)).statusCode).toBe(404);
    expect((await reception.agent.get(`/api/appointments/doctor/${patient.user.id}`)).statusCode).toBe(404);
    expect((await patient.agent.get(`/api/appointments/doctor/${doctor.user.id}`)).statusCode).toBe(403);
  });

  it('puts a patient with an appointment in that doctor’s care (no assignment needed)', async () => {
    const response = await doctor.agent.get(`/api/patients/${patient.user.id}`);
    expect(response.statusCode).toBe(200);
    expect((await doctor.agent.get(`/api/patients/${otherPatient.user.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/appointments/today', () => {
  it('lists the caller’s appointments of the day in their time zone', async () => {
    // One appointment now-ish for the patient, so "today" is not empty whatever the hour.
    const sinceMidnight = Date.now() % 86_400_000;
    const soon = new Date(Date.now() + (sinceMidnight < 43_200_000 ? 60_000 : -60_000));
    soon.setUTCSeconds(0, 0);
    await t.app.db
      .insert(appointments)
      .values(buildAppointment(random, { patientId: patient.user.id, doctorId: doctor.user.id, startsAt: soon, status: 'checked-in' }));
    const response = await patient.agent.get('/api/appointments/today?timeZone=UTC');
    expect(response.statusCode).toBe(200);
    const today = todayResponseSchema.parse(response.json());
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today.data.map((a) => a.startsAt)).toContain(soon.toISOString());
    expect(today.data.every((a) => a.patientId === patient.user.id && a.startsAt.slice(0, 10) === today.date)).toBe(true);

    const doctorsDay = todayResponseSchema.parse((await doctor.agent.get('/api/appointments/today')).json());
    expect(doctorsDay.data.some((a) => a.startsAt === soon.toISOString())).toBe(true);
    const othersDay = todayResponseSchema.parse((await otherPatient.agent.get('/api/appointments/today')).json());
    expect(othersDay.data.every((a) => a.patientId === otherPatient.user.id)).toBe(true);
    expect((await patient.agent.get('/api/appointments/today?timeZone=Mars/Olympus')).statusCode).toBe(400);
  });
});

describe('double booking', () => {
  it('lets exactly one of two concurrent bookings of one doctor’s slot through', async () => {
    const startsAt = new Date(Date.UTC(2031, 0, 6, 10, 0));
    const book = (patientId: string) =>
      t.app.db
        .insert(appointments)
        .values(buildAppointment(random, { patientId, doctorId: otherDoctor.user.id, startsAt, status: 'scheduled' }));
    const results = await Promise.allSettled([book(patient.user.id), book(otherPatient.user.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    const cause = (failure.reason as { cause?: { code?: string; constraint?: string } }).cause ?? failure.reason;
    expect(cause).toMatchObject({ code: '23505' });
  });

  it('frees a slot when its appointment is cancelled', async () => {
    const startsAt = new Date(Date.UTC(2031, 0, 7, 11, 30));
    await t.app.db
      .insert(appointments)
      .values(buildAppointment(random, { patientId: patient.user.id, doctorId: otherDoctor.user.id, startsAt, status: 'cancelled' }));
    await expect(
      t.app.db
        .insert(appointments)
        .values(
          buildAppointment(random, { patientId: otherPatient.user.id, doctorId: otherDoctor.user.id, startsAt, status: 'scheduled' }),
        ),
    ).resolves.toBeDefined();
  });
});
