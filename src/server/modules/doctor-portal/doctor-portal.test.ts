import { randomUUID } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../contracts/appointments';
import { dashboardStatsResponseSchema, scheduleResponseSchema, visitResponseSchema } from '../../../contracts/doctor-portal';
import type { LiveEvent } from '../../../contracts/live-events';
import { buildAppointment, buildLabOrder, panel, Random } from '../../db/factories';
import {
  appointments,
  auditEvents,
  clinicalNotes,
  labOrders,
  labResultComponents,
  medications,
  refillRequests,
  tasks,
} from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { nextDate, wallClock, zonedInstant } from '../appointments/slots';

// The doctor's home against the real app and database: the day's counts in the clinic's zone (far
// from UTC here, so the clinic's today is often not UTC's), the doctor's own schedule with today's
// queue, and the visit steps with their refusals, audit rows and live updates.

const ZONE = 'Pacific/Kiritimati';
const MINUTE = 60_000;
const random = new Random(5101);

let t: TestApp;
let doctor: Actor;
let otherDoctor: Actor;
let patient: Actor;
let otherPatient: Actor;
let staff: Actor;
let admin: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp({ config: { clinicTimeZone: ZONE } });
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  otherDoctor = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  staff = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all'] });
  admin = await createActor(t.app, 'admin');
  await assignCare(t.app, doctor.user.id, patient.user.id);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

/** Today's calendar day in the clinic's zone. */
function clinicToday(): string {
  return wallClock(new Date(), ZONE).slice(0, 10);
}

/** `hh:mm` on a clinic day as an instant. */
function at(date: string, time: string): Date {
  return zonedInstant(date, time, ZONE)!;
}

let slot = 0;
/** A distinct half hour of the clinic's today (the unique index allows one booking per doctor and start). */
function todaySlot(): Date {
  slot += 1;
  const minutes = (slot % 48) * 30;
  return at(clinicToday(), `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
}

async function appointment(
  doctorId: string,
  patientId: string,
  startsAt: Date,
  status: AppointmentStatus = 'scheduled',
  reason = 'Routine follow-up',
): Promise<string> {
  const row = buildAppointment(random, { doctorId, patientId, startsAt, status, reason, durationMinutes: 30 });
  await t.app.db.insert(appointments).values(row);
  return row.id;
}

async function statusOf(id: string): Promise<string> {
  const [row] = await t.app.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row!.status;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function auditSince(id: number) {
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id));
}

/** Lets the in-process event bus hand over what was published (it delivers on the next tick). */
async function delivered(): Promise<{ recipients: string[]; event: LiveEvent }[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event }));
}

async function refill(prescriberId: string, status: 'requested' | 'approved'): Promise<string> {
  const [medication] = await t.app.db
    .insert(medications)
    .values({
      patientId: patient.user.id,
      name: `Refillol ${randomUUID().slice(0, 8)}`,
      dosage: '10 mg',
      frequency: 'once daily',
      startDate: '2026-01-05',
      status: 'active',
      prescribedBy: prescriberId,
    })
    .returning({ id: medications.id });
  const [request] = await t.app.db
    .insert(refillRequests)
    .values({
      medicationId: medication!.id,
      patientId: patient.user.id,
      prescriberId,
      status,
      decidedAt: status === 'requested' ? null : new Date(),
    })
    .returning({ id: refillRequests.id });
  return request!.id;
}

async function task(assigneeId: string, done: boolean): Promise<void> {
  const refillRequestId = await refill(assigneeId, 'approved');
  await t.app.db.insert(tasks).values({
    assigneeId,
    patientId: patient.user.id,
    kind: 'refill-request',
    title: 'Refill request',
    refillRequestId,
    status: done ? 'done' : 'open',
    completedAt: done ? new Date() : null,
  });
}

async function lab(patientId: string, options: { released: boolean; abnormal: boolean; status?: 'resulted' | 'collected' }): Promise<void> {
  const built = buildLabOrder(random, {
    patientId,
    panel: panel('hba1c'),
    orderedAt: new Date(Date.now() - 3 * 86_400_000),
    released: options.released,
  });
  await t.app.db.insert(labOrders).values({ ...built.order, status: options.status ?? 'resulted' });
  await t.app.db
    .insert(labResultComponents)
    .values(
      built.components.map((c, index) => ({ ...c, flag: options.abnormal && index === 0 ? ('high' as const) : ('normal' as const) })),
    );
}

describe('GET /api/doctor/dashboard-stats', () => {
  it('counts the doctor’s own day in the clinic’s zone, their refills, tasks and unreleased abnormal labs', async () => {
    const fresh = await createDoctorActor(t.app);
    const mine = await createActor(t.app, 'patient');
    for (const status of ['scheduled', 'scheduled', 'checked-in', 'checked-in', 'in-progress', 'completed', 'cancelled'] as const) {
      await appointment(fresh.user.id, mine.user.id, todaySlot(), status);
    }
    // Tomorrow's and another doctor's visits are not today's for this doctor.
    await appointment(fresh.user.id, mine.user.id, at(nextDate(clinicToday()), '10:00'), 'checked-in');
    await appointment(otherDoctor.user.id, mine.user.id, todaySlot(), 'checked-in');
    await refill(fresh.user.id, 'requested');
    await refill(fresh.user.id, 'requested');
    await refill(fresh.user.id, 'approved');
    await refill(otherDoctor.user.id, 'requested');
    await task(fresh.user.id, false);
    await task(fresh.user.id, true);
    await task(otherDoctor.user.id, false);
    // `mine` is in the doctor's care through the appointments; a stranger is not.
    await lab(mine.user.id, { released: false, abnormal: true });
    await lab(mine.user.id, { released: true, abnormal: true });
    await lab(mine.user.id, { released: false, abnormal: false });
    await lab(mine.user.id, { released: false, abnormal: true, status: 'collected' });
    const stranger = await createActor(t.app, 'patient');
    await lab(stranger.user.id, { released: false, abnormal: true });
    // Two drafts wait for the doctor's signature; a signed note and a colleague's draft do not count.
    const signedAt = new Date();
    await t.app.db.insert(clinicalNotes).values([
      { patientId: mine.user.id, doctorId: fresh.user.id },
      { patientId: mine.user.id, doctorId: fresh.user.id },
      { patientId: mine.user.id, doctorId: fresh.user.id, status: 'signed', signedAt, signedBy: fresh.user.id },
      { patientId: mine.user.id, doctorId: otherDoctor.user.id },
    ]);

    const since = await lastAuditId();
    const response = await fresh.agent.get('/api/doctor/dashboard-stats');
    expect(response.statusCode, response.body).toBe(200);
    expect(dashboardStatsResponseSchema.parse(response.json()).data).toEqual({
      date: clinicToday(),
      clinicTimeZone: ZONE,
      todaysVisits: 6,
      waitingNow: 2,
      pendingRefills: 2,
      openTasks: 1,
      abnormalLabs: 1,
      unsignedNotes: 2,
    });
    const [event] = (await auditSince(since)).filter((e) => e.action === 'doctor.dashboard-stats');
    expect(event).toMatchObject({ actorUserId: fresh.user.id, outcome: 'success', patientId: null, patientIds: null });
  });

  it('answers zeros for a doctor with nothing today', async () => {
    const idle = await createDoctorActor(t.app);
    const { data } = dashboardStatsResponseSchema.parse((await idle.agent.get('/api/doctor/dashboard-stats')).json());
    expect(data).toMatchObject({ todaysVisits: 0, waitingNow: 0, pendingRefills: 0, openTasks: 0, abnormalLabs: 0, unsignedNotes: 0 });
  });
});

describe('doctor-only access', () => {
  it('refuses patients, staff and admins on every doctor route', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'checked-in');
    for (const actor of [patient, staff, admin]) {
      expect((await actor.agent.get('/api/doctor/dashboard-stats')).statusCode).toBe(403);
      expect((await actor.agent.get(`/api/doctor/schedule?from=${clinicToday()}&to=${clinicToday()}`)).statusCode).toBe(403);
      expect((await actor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'start' })).statusCode).toBe(403);
    }
    expect(await statusOf(id)).toBe('checked-in');
  });

  it('refuses anyone signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/doctor/dashboard-stats' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/doctor/schedule', () => {
  it('lists the doctor’s own appointments of the range in time order, with names and today’s queue', async () => {
    const fresh = await createDoctorActor(t.app);
    const today = clinicToday();
    const done = await appointment(fresh.user.id, patient.user.id, at(today, '08:00'), 'completed');
    const seeing = await appointment(fresh.user.id, patient.user.id, at(today, '08:30'), 'in-progress');
    const first = await appointment(fresh.user.id, otherPatient.user.id, at(today, '09:00'), 'checked-in', 'Knee pain');
    const cancelled = await appointment(fresh.user.id, patient.user.id, at(today, '09:30'), 'cancelled');
    const second = await appointment(fresh.user.id, patient.user.id, at(today, '10:00'), 'scheduled');
    const later = await appointment(fresh.user.id, patient.user.id, at(nextDate(today, 3), '10:00'), 'scheduled');
    await appointment(fresh.user.id, patient.user.id, at(nextDate(today, 9), '10:00'), 'scheduled');
    await appointment(otherDoctor.user.id, patient.user.id, at(today, '11:15'), 'scheduled');

    const since = await lastAuditId();
    const response = await fresh.agent.get(`/api/doctor/schedule?from=${today}&to=${nextDate(today, 6)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = scheduleResponseSchema.parse(response.json());
    expect(body).toMatchObject({ clinicTimeZone: ZONE, today, from: today, to: nextDate(today, 6) });
    expect(body.data.map((a) => [a.id, a.queuePosition])).toEqual([
      [done, null],
      [seeing, null],
      // The visit being seen is ahead of everyone waiting, as in the patient's own queue line.
      [first, 2],
      [cancelled, null],
      [second, 3],
      [later, null],
    ]);
    expect(body.data[2]).toMatchObject({
      patient: { id: otherPatient.user.id, firstName: otherPatient.user.firstName, lastName: otherPatient.user.lastName },
      type: expect.stringMatching(/^(in-person|video)$/),
      reason: 'Knee pain',
      status: 'checked-in',
    });
    const [event] = (await auditSince(since)).filter((e) => e.action === 'appointment.schedule');
    expect(event).toMatchObject({ actorUserId: fresh.user.id, outcome: 'success' });
    const named = event!.patientIds ?? [event!.patientId];
    expect(new Set(named)).toEqual(new Set([patient.user.id, otherPatient.user.id]));
  });

  it('answers the clinic’s today when no range is given', async () => {
    const fresh = await createDoctorActor(t.app);
    const today = clinicToday();
    const id = await appointment(fresh.user.id, patient.user.id, at(today, '12:00'), 'checked-in');
    await appointment(fresh.user.id, patient.user.id, at(nextDate(today), '12:00'), 'checked-in');
    const body = scheduleResponseSchema.parse((await fresh.agent.get('/api/doctor/schedule')).json());
    expect(body).toMatchObject({ today, from: today, to: today });
    expect(body.data.map((a) => [a.id, a.queuePosition])).toEqual([[id, 1]]);
  });

  it('refuses ranges that are reversed, too long or not calendar days (400 naming the field)', async () => {
    const today = clinicToday();
    const cases: [string, string, string][] = [
      [today, nextDate(today, -1), 'querystring.to'],
      [today, nextDate(today, 42), 'querystring.to'],
      ['2026-02-30', today, 'querystring.from'],
      ['1850-01-01', '1850-01-02', 'querystring.from'],
    ];
    for (const [from, to, field] of cases) {
      const response = await doctor.agent.get(`/api/doctor/schedule?from=${from}&to=${to}`);
      expect(response.statusCode, `${from}..${to}`).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), response.body).toContain(field);
    }
    expect((await doctor.agent.get(`/api/doctor/schedule?from=${today}`)).statusCode).toBe(400);
    expect((await doctor.agent.get(`/api/doctor/schedule?to=${today}`)).statusCode).toBe(400);
    expect((await doctor.agent.get(`/api/doctor/schedule?from=${today}&to=${nextDate(today, 41)}`)).statusCode).toBe(200);
  });
});

describe('POST /api/doctor/appointments/{id}/visit', () => {
  it('starts a checked-in visit and completes it, each noted and pushed to the patient and the doctor after commit', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'checked-in');
    const since = await lastAuditId();
    published.length = 0;
    // What the database holds when each push goes out: the committed step, never the one before.
    const seenAtPush: Promise<string>[] = [];
    const unsubscribe = t.app.events.subscribe((envelope) => {
      // The patient's own message (the desk hears of it in a message of its own).
      if (
        envelope.event.type === 'appointment_update' &&
        envelope.event.appointmentId === id &&
        envelope.recipients.includes(patient.user.id)
      ) {
        seenAtPush.push(statusOf(id));
      }
    });

    const started = await doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    expect(visitResponseSchema.parse(started.json()).data).toMatchObject({ id, status: 'in-progress', queuePosition: null });
    expect(await statusOf(id)).toBe('in-progress');
    expect(await delivered()).toContainEqual({
      recipients: [doctor.user.id, patient.user.id].sort(),
      event: expect.objectContaining({ type: 'appointment_update', action: 'updated', appointmentId: id, patientId: patient.user.id }),
    });

    const completed = await doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'complete' });
    expect(visitResponseSchema.parse(completed.json()).data.status).toBe('completed');
    expect(await statusOf(id)).toBe('completed');
    await delivered();
    unsubscribe();
    expect(await Promise.all(seenAtPush)).toEqual(['in-progress', 'completed']);

    const events = (await auditSince(since)).filter((e) => e.resourceId === id);
    expect(events.map((e) => [e.action, e.outcome, e.patientId])).toEqual([
      ['appointment.start', 'success', patient.user.id],
      ['appointment.complete', 'success', patient.user.id],
    ]);
    expect(events[0]!.details).toMatchObject({ from: 'checked-in', to: 'in-progress' });
  });

  it('starts a scheduled visit nobody checked in, and records when the patient was there', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'scheduled');
    expect((await doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'start' })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ status: 'in-progress' });
    expect(row!.checkedInAt).toBeInstanceOf(Date);
  });

  it('refuses steps the status does not allow (409), changes nothing, pushes nothing and notes the refusal', async () => {
    const completed = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'completed');
    const scheduled = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'scheduled');
    const cancelled = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'cancelled');
    const since = await lastAuditId();
    published.length = 0;
    const refusals: [string, string][] = [
      [completed, 'start'],
      [completed, 'complete'],
      [completed, 'no-show'],
      [scheduled, 'complete'],
      [cancelled, 'start'],
      [cancelled, 'no-show'],
    ];
    for (const [id, action] of refusals) {
      const response = await doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action });
      expect(response.statusCode, `${action} ${id}`).toBe(409);
      expect(response.json().error.code).toBe('VISIT_TRANSITION_INVALID');
    }
    expect([await statusOf(completed), await statusOf(scheduled), await statusOf(cancelled)]).toEqual([
      'completed',
      'scheduled',
      'cancelled',
    ]);
    expect(await delivered()).toEqual([]);
    const notes = (await auditSince(since)).filter((e) => e.action.startsWith('appointment.'));
    expect(notes).toHaveLength(refusals.length);
    expect(notes.every((e) => e.outcome === 'failure' && e.patientId === patient.user.id)).toBe(true);
  });

  it('marks a no-show only once the start time has passed', async () => {
    const now = Date.now();
    const future = await appointment(doctor.user.id, patient.user.id, new Date(now + 127 * MINUTE));
    const early = await doctor.agent.post(`/api/doctor/appointments/${future}/visit`, { action: 'no-show' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('VISIT_TRANSITION_INVALID');
    expect(await statusOf(future)).toBe('scheduled');

    const past = await appointment(doctor.user.id, patient.user.id, new Date(now - 67 * MINUTE), 'checked-in');
    const missed = await doctor.agent.post(`/api/doctor/appointments/${past}/visit`, { action: 'no-show' });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(await statusOf(past)).toBe('no-show');
  });

  it('answers 404 for another doctor’s appointment or a missing one, and changes nothing', async () => {
    const theirs = await appointment(otherDoctor.user.id, otherPatient.user.id, todaySlot(), 'checked-in');
    const since = await lastAuditId();
    for (const id of [theirs, randomUUID(), 'not-an-id']) {
      const response = await doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'start' });
      expect(response.statusCode, id).toBe(404);
      expect(response.body).not.toContain(otherPatient.user.lastName);
    }
    expect(await statusOf(theirs)).toBe('checked-in');
    const [missed] = (await auditSince(since)).filter((e) => e.resourceId === theirs);
    expect(missed).toMatchObject({ action: 'appointment.start', outcome: 'failure', patientId: null });
  });

  it('refuses an unknown step or extra fields with 400', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'checked-in');
    for (const body of [{ action: 'cancel' }, {}, { action: 'start', status: 'completed' }]) {
      const response = await doctor.agent.post(`/api/doctor/appointments/${id}/visit`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await statusOf(id)).toBe('checked-in');
  });

  it('lets only one of two racing steps on a visit through', async () => {
    const id = await appointment(doctor.user.id, patient.user.id, todaySlot(), 'checked-in');
    const answers = await Promise.all([
      doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'start' }),
      doctor.agent.post(`/api/doctor/appointments/${id}/visit`, { action: 'start' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceId, id), eq(auditEvents.action, 'appointment.start'), eq(auditEvents.outcome, 'success')));
    expect(rows).toHaveLength(1);
  });
});
