import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsResponseSchema } from '../../../contracts/booking';
import {
  availabilityResponseSchema,
  coverageListResponseSchema,
  leaveListResponseSchema,
  leaveResponseSchema,
  type LeaveRequest,
} from '../../../contracts/leave';
import { SPECIALTIES } from '../../../contracts/specialties';
import { buildAppointment, createDoctor, Random } from '../../db/factories';
import {
  appointments,
  auditEvents,
  coverageOffers,
  doctorAvailability,
  doctorTimeOff,
  leaveRequests,
  notifications,
} from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createActor, probeIdor, type Actor, type IdorCase } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Weekly hours and time off (booking follows at once), leave asked and decided, and the coverage of
// an approved leave's appointments, against the real app and database. The clinic zone is UTC.

let t: TestApp;
let doctor: Actor;
let sameSpecialty: Actor;
let sameCategory: Actor;
let otherCategory: Actor;
let admin: Actor;
let staff: Actor;
let patient: Actor;
const random = new Random(26);
const DAY = 86_400_000;
const pushes: BusEnvelope[] = [];

function day(n: number): string {
  return new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
}

async function doctorOf(specialtyKey: string): Promise<Actor> {
  const { user } = await createDoctor(
    t.app.db,
    random,
    SPECIALTIES.find((s) => s.key === specialtyKey)!,
  );
  await t.app.db.delete(doctorAvailability).where(eq(doctorAvailability.doctorId, user.id));
  await t.app.db
    .insert(doctorAvailability)
    .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ doctorId: user.id, dayOfWeek, startTime: '09:00', endTime: '12:00' })));
  const agent = new TestAgent(t.app);
  await agent.signInAs(user.id);
  return { user, agent };
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function slots(doctorId: string, date: string): Promise<string[]> {
  const response = await patient.agent.get(`/api/doctors/${doctorId}/slots?from=${date}&to=${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return slotsResponseSchema.parse(response.json()).data.map((slot) => slot.startsAt.slice(11, 16));
}

async function requestLeave(actor: Actor, from: number, to: number, type = 'vacation'): Promise<LeaveRequest> {
  const response = await actor.agent.post('/api/leave/requests', { type, startDate: day(from), endDate: day(to), reason: 'Family trip' });
  expect(response.statusCode, response.body).toBe(201);
  return leaveResponseSchema.parse(response.json()).data;
}

async function book(doctorId: string, n: number, time: string) {
  const [row] = await t.app.db
    .insert(appointments)
    .values(
      buildAppointment(random, {
        patientId: patient.user.id,
        doctorId,
        startsAt: new Date(`${day(n)}T${time}:00Z`),
        durationMinutes: 30,
        status: 'scheduled',
      }),
    )
    .returning({ id: appointments.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  t.app.events.subscribe((envelope) => pushes.push(envelope));
  doctor = await doctorOf('cardiology');
  sameSpecialty = await doctorOf('cardiology');
  sameCategory = await doctorOf('gastroenterology');
  otherCategory = await doctorOf('psychiatry');
  admin = await createActor(t.app, 'admin');
  staff = await createActor(t.app, 'staff', { permissions: ['users.update', 'appointments.view.all'] });
  patient = await createActor(t.app, 'patient');
});

afterAll(async () => {
  await t.close();
});

describe('GET/PUT /api/doctors/availability', () => {
  it('answers the doctor’s own hours; a change shows in the next slot search at once', async () => {
    const before = availabilityResponseSchema.parse((await doctor.agent.get('/api/doctors/availability')).json()).data;
    expect(before.doctorId).toBe(doctor.user.id);
    expect(before.weekly).toHaveLength(7);
    expect(await slots(doctor.user.id, day(20))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);

    const since = await lastAuditId();
    const weekday = new Date(`${day(20)}T00:00:00Z`).getUTCDay();
    const response = await doctor.agent.put('/api/doctors/availability', {
      weekly: [
        { dayOfWeek: weekday, startTime: '08:00', endTime: '09:00' },
        { dayOfWeek: weekday, startTime: '14:00', endTime: '15:00' },
      ],
      timeOff: [{ startDate: day(21), endDate: day(21), reason: 'Course' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = availabilityResponseSchema.parse(response.json()).data;
    expect(after.weekly).toEqual([
      { dayOfWeek: weekday, startTime: '08:00', endTime: '09:00' },
      { dayOfWeek: weekday, startTime: '14:00', endTime: '15:00' },
    ]);
    expect(after.timeOff).toEqual([
      expect.objectContaining({ startDate: day(21), endDate: day(21), reason: 'Course', leaveRequestId: null }),
    ]);
    expect(await slots(doctor.user.id, day(20))).toEqual(['08:00', '08:30', '14:00', '14:30']);
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events.map((event) => event.action)).toContain('availability.update');

    // Every day 09:00–12:00 again, for the leave stories below.
    const reset = await doctor.agent.put('/api/doctors/availability', {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })),
      timeOff: [],
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses overlapping, reversed and out-of-day ranges, too many ranges and unbounded dates with 400; nothing changes', async () => {
    const bad = [
      {
        weekly: [
          { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
          { dayOfWeek: 1, startTime: '11:00', endTime: '13:00' },
        ],
        timeOff: [],
      },
      { weekly: [{ dayOfWeek: 1, startTime: '12:00', endTime: '09:00' }], timeOff: [] },
      { weekly: [{ dayOfWeek: 7, startTime: '09:00', endTime: '10:00' }], timeOff: [] },
      { weekly: [{ dayOfWeek: 1, startTime: '09:00', endTime: '25:00' }], timeOff: [] },
      { weekly: [1, 2, 3, 4, 5].map((h) => ({ dayOfWeek: 2, startTime: `0${h}:00`, endTime: `0${h}:30` })), timeOff: [] },
      { weekly: [], timeOff: [{ startDate: '2301-01-01', endDate: '2301-01-02' }] },
      { weekly: [], timeOff: [{ startDate: day(10), endDate: day(5) }] },
      { weekly: [], timeOff: [{ startDate: day(1), endDate: day(500) }] },
      { weekly: [], timeOff: [{ startDate: day(1), endDate: day(1), reason: 'x'.repeat(501) }] },
    ];
    for (const body of bad) {
      const response = await doctor.agent.put('/api/doctors/availability', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const overlap = await doctor.agent.put('/api/doctors/availability', bad[0]);
    expect(overlap.json().error.fields).toEqual({ 'weekly.1.startTime': 'This range overlaps another one on the same day' });
    expect(await slots(doctor.user.id, day(20))).toHaveLength(6);
  });

  it('is the doctor’s own: a patient, staff or an administrator gets 403', async () => {
    for (const actor of [patient, staff, admin]) {
      expect((await actor.agent.get('/api/doctors/availability')).statusCode).toBe(403);
      expect((await actor.agent.put('/api/doctors/availability', { weekly: [], timeOff: [] })).statusCode).toBe(403);
    }
    // A doctor's change touches only their own rows.
    const colleagueHours = await t.app.db.select().from(doctorAvailability).where(eq(doctorAvailability.doctorId, sameSpecialty.user.id));
    expect(colleagueHours).toHaveLength(7);
  });
});

describe('leave requests', () => {
  it('a doctor asks; administrators are told and pushed; the doctor withdraws a pending one', async () => {
    pushes.length = 0;
    const leave = await requestLeave(doctor, 40, 42, 'conference');
    expect(leave).toMatchObject({
      status: 'pending',
      type: 'conference',
      doctorId: doctor.user.id,
      doctor: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
      coverage: { open: 0, covered: 0 },
    });
    const [told] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.code, 'leave.request_sent')));
    // The doctor is named by the parts, which the web titles in the reader's language.
    expect(told!.params).toEqual({
      doctorFirstName: doctor.user.firstName,
      doctorLastName: doctor.user.lastName,
      startDate: leave.startDate,
      endDate: leave.endDate,
    });
    expect(pushes.some((p) => p.event.type === 'leave_request_created' && p.recipients.includes(admin.user.id))).toBe(true);

    const overlap = await doctor.agent.post('/api/leave/requests', { type: 'vacation', startDate: day(41), endDate: day(45) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.code).toBe('LEAVE_OVERLAP');

    const withdrawn = await doctor.agent.post(`/api/leave/requests/${leave.id}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(leaveResponseSchema.parse(withdrawn.json()).data.status).toBe('withdrawn');
    const again = await doctor.agent.post(`/api/leave/requests/${leave.id}/withdraw`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LEAVE_NOT_PENDING');
  });

  it('refuses a doctor whose account has no profile yet with 403, storing nothing', async () => {
    const newcomer = await createActor(t.app, 'doctor');
    const response = await newcomer.agent.post('/api/leave/requests', { type: 'vacation', startDate: day(3), endDate: day(4) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(await t.app.db.select().from(leaveRequests).where(eq(leaveRequests.doctorId, newcomer.user.id))).toEqual([]);
  });

  it('refuses bad input with 400: past start, reversed or long ranges, unknown types, long reasons', async () => {
    const bodies = [
      { type: 'vacation', startDate: day(-2), endDate: day(1) },
      { type: 'vacation', startDate: day(5), endDate: day(3) },
      { type: 'vacation', startDate: day(5), endDate: day(400) },
      { type: 'sabbatical', startDate: day(5), endDate: day(6) },
      { type: 'vacation', startDate: day(5), endDate: day(6), reason: 'x'.repeat(501) },
      { type: 'vacation', startDate: '2300-01-01', endDate: '2300-01-02' },
      { type: 'vacation', startDate: day(900), endDate: day(901) },
    ];
    for (const body of bodies) {
      const response = await doctor.agent.post('/api/leave/requests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const rejectWithoutReason = await admin.agent.post(`/api/leave/requests/${(await requestLeave(sameCategory, 60, 61)).id}/decision`, {
      decision: 'rejected',
    });
    expect(rejectWithoutReason.statusCode).toBe(400);
    expect(rejectWithoutReason.json().error.fields).toEqual({ reason: 'Please write something here' });
  });

  it('only an administrator decides: a doctor, staff or a patient gets 403; another doctor’s request answers 404', async () => {
    const leave = await requestLeave(sameSpecialty, 70, 71);
    for (const actor of [doctor, sameSpecialty, staff, patient]) {
      const response = await actor.agent.post(`/api/leave/requests/${leave.id}/decision`, { decision: 'approved' });
      expect(response.statusCode).toBe(403);
    }
    // A colleague cannot withdraw it, nor see it in their list.
    const foreign = await doctor.agent.post(`/api/leave/requests/${leave.id}/withdraw`, {});
    expect(foreign.statusCode).toBe(404);
    const mine = leaveListResponseSchema.parse((await doctor.agent.get('/api/leave/requests?status=all&pageSize=100')).json()).data;
    expect(mine.every((item) => item.doctorId === doctor.user.id)).toBe(true);
    expect((await patient.agent.get('/api/leave/requests')).statusCode).toBe(403);
    expect((await staff.agent.get('/api/leave/requests')).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(leaveRequests).where(eq(leaveRequests.id, leave.id));
    expect(row!.status).toBe('pending');

    const pending = leaveListResponseSchema.parse((await admin.agent.get('/api/leave/requests?status=pending&pageSize=100')).json()).data;
    expect(pending.map((item) => item.id)).toContain(leave.id);
    const rejected = await admin.agent.post(`/api/leave/requests/${leave.id}/decision`, {
      decision: 'rejected',
      reason: 'Clinic is short that week',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(leaveResponseSchema.parse(rejected.json()).data).toMatchObject({
      status: 'rejected',
      decisionReason: 'Clinic is short that week',
      // Who decided, in parts the web orders in the reader's language.
      decidedBy: { firstName: admin.user.firstName, lastName: admin.user.lastName },
    });
    const [told] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sameSpecialty.user.id), eq(notifications.code, 'leave.request_rejected')));
    expect(told!.params).toMatchObject({ reason: 'Clinic is short that week' });
  });
});

describe('approved leave and coverage', () => {
  it('approval blocks booking, offers the booked appointments to suitable colleagues (same specialty first), and one colleague takes each', async () => {
    const first = await book(doctor.user.id, 30, '09:00');
    const second = await book(doctor.user.id, 31, '10:00');
    // The same-specialty colleague is busy at the second one's time.
    await book(sameSpecialty.user.id, 31, '10:00');
    const leave = await requestLeave(doctor, 30, 31);
    expect(await slots(doctor.user.id, day(30))).toHaveLength(5);

    pushes.length = 0;
    const approved = await admin.agent.post(`/api/leave/requests/${leave.id}/decision`, { decision: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(leaveResponseSchema.parse(approved.json()).data).toMatchObject({ status: 'approved', coverage: { open: 2, covered: 0 } });
    expect(await slots(doctor.user.id, day(30))).toEqual([]);
    expect(await slots(doctor.user.id, day(31))).toEqual([]);
    const availability = availabilityResponseSchema.parse((await doctor.agent.get('/api/doctors/availability')).json()).data;
    expect(availability.timeOff).toContainEqual(
      expect.objectContaining({ startDate: day(30), endDate: day(31), leaveRequestId: leave.id }),
    );
    expect(pushes.some((p) => p.event.type === 'leave_request_approved' && p.recipients.includes(doctor.user.id))).toBe(true);
    const offered = pushes.find((p) => p.event.type === 'coverage_offered')!;
    expect(offered.recipients).toEqual(expect.arrayContaining([sameSpecialty.user.id, sameCategory.user.id]));
    expect(offered.recipients).not.toContain(otherCategory.user.id);

    // The doctor's own editor keeps the leave's time off.
    await doctor.agent.put('/api/doctors/availability', {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })),
      timeOff: [],
    });
    expect(await slots(doctor.user.id, day(30))).toEqual([]);

    const sameList = coverageListResponseSchema.parse((await sameSpecialty.agent.get('/api/coverage')).json()).data;
    expect(sameList.filter((o) => o.leaveRequestId === leave.id).map((o) => [o.appointmentId, o.sameSpecialty])).toEqual([
      [first, true],
      [second, true],
    ]);
    // Offers never name the patient: neither their id nor their whole name (a doctor may share a family name).
    expect(JSON.stringify(sameList)).not.toContain(patient.user.id);
    expect(JSON.stringify(sameList)).not.toContain(`${patient.user.firstName} ${patient.user.lastName}`);
    const otherList = coverageListResponseSchema.parse((await otherCategory.agent.get('/api/coverage')).json()).data;
    expect(otherList.filter((o) => o.leaveRequestId === leave.id)).toEqual([]);
    const offerOfFirst = sameList.find((o) => o.appointmentId === first)!;
    const offerOfSecond = sameList.find((o) => o.appointmentId === second)!;

    // A colleague of an unrelated specialty cannot take it (404), nor can the doctor on leave.
    expect((await otherCategory.agent.post(`/api/coverage/${offerOfFirst.id}/accept`, {})).statusCode).toBe(404);
    expect((await doctor.agent.post(`/api/coverage/${offerOfFirst.id}/accept`, {})).statusCode).toBe(404);
    for (const actor of [patient, staff, admin]) {
      expect((await actor.agent.post(`/api/coverage/${offerOfFirst.id}/accept`, {})).statusCode).toBe(403);
    }

    // Busy at that time: a clear conflict, nothing changes.
    const busy = await sameSpecialty.agent.post(`/api/coverage/${offerOfSecond.id}/accept`, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('COVERAGE_CONFLICT');
    const [stillOpen] = await t.app.db.select().from(coverageOffers).where(eq(coverageOffers.id, offerOfSecond.id));
    expect(stillOpen!.status).toBe('open');

    // Two colleagues accept the first at once: one wins, the other hears it was taken.
    pushes.length = 0;
    const [a, b] = await Promise.all([
      sameSpecialty.agent.post(`/api/coverage/${offerOfFirst.id}/accept`, {}),
      sameCategory.agent.post(`/api/coverage/${offerOfFirst.id}/accept`, {}),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.code).toBe('COVERAGE_TAKEN');
    const winner = a.statusCode === 200 ? sameSpecialty : sameCategory;
    const [moved] = await t.app.db.select().from(appointments).where(eq(appointments.id, first));
    expect(moved!.doctorId).toBe(winner.user.id);

    const [told] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'appointment.patient_reassigned')));
    expect(told!.metadata).toMatchObject({
      appointmentId: first,
      doctorFirstName: winner.user.firstName,
      doctorLastName: winner.user.lastName,
    });
    expect(told!.params).toMatchObject({
      doctorFirstName: winner.user.firstName,
      doctorLastName: winner.user.lastName,
      previousDoctorFirstName: doctor.user.firstName,
      previousDoctorLastName: doctor.user.lastName,
    });
    expect(told!.params).not.toHaveProperty('doctorName');
    const reassigned = pushes.find((p) => p.event.type === 'appointments_reassigned_for_coverage')!;
    expect(reassigned.recipients).toEqual(expect.arrayContaining([patient.user.id, doctor.user.id, winner.user.id]));

    // The patient sees the new doctor; the covering doctor's schedule holds the visit.
    const patientList = (await patient.agent.get('/api/appointments?pageSize=100')).json().data as { id: string; doctorId: string }[];
    expect(patientList.find((item) => item.id === first)!.doctorId).toBe(winner.user.id);
    const schedule = await winner.agent.get(`/api/doctor/schedule?from=${day(30)}&to=${day(30)}`);
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect((schedule.json().data as { id: string }[]).map((item) => item.id)).toContain(first);

    // The doctor on leave sees who covers what.
    const mineAnswer = await doctor.agent.get('/api/coverage/mine');
    const mine = coverageListResponseSchema.parse(mineAnswer.json()).data;
    expect(mine.find((o) => o.id === offerOfFirst.id)).toMatchObject({
      status: 'accepted',
      coveredById: winner.user.id,
      coveredBy: { firstName: winner.user.firstName, lastName: winner.user.lastName },
      doctor: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
    });
    expect(mineAnswer.body).not.toContain('Dr. ');
    const listed = leaveListResponseSchema.parse((await doctor.agent.get('/api/leave/requests')).json()).data;
    expect(listed.find((item) => item.id === leave.id)!.coverage).toEqual({ open: 1, covered: 1 });
  });

  it('answers 404 for unknown or malformed ids and notes nothing of anyone', async () => {
    expect((await doctor.agent.post('/api/coverage/not-a-uuid/accept', {})).statusCode).toBe(404);
    expect((await doctor.agent.post('/api/coverage/00000000-0000-4000-8000-000000000000/accept', {})).statusCode).toBe(404);
    expect(
      (await admin.agent.post('/api/leave/requests/00000000-0000-4000-8000-000000000000/decision', { decision: 'approved' })).statusCode,
    ).toBe(404);
    const stray = await t.app.db.select().from(doctorTimeOff).where(eq(doctorTimeOff.doctorId, otherCategory.user.id));
    expect(stray).toEqual([]);
  });
});

describe('IDOR: another doctor’s leave and coverage', () => {
  const leaveCase: IdorCase<{ id: string; marker: string }> = {
    name: 'leave request (withdraw, decision) of another doctor',
    paths: ['/api/leave/requests/:id/withdraw', '/api/leave/requests/:id/decision'],
    body: { decision: 'approved' },
    create: async () => {
      const owner = await doctorOf('neurology');
      const marker = `Leave ${random.int(100000, 999999)}`;
      const response = await owner.agent.post('/api/leave/requests', {
        type: 'personal',
        startDate: day(90),
        endDate: day(91),
        reason: marker,
      });
      return { id: leaveResponseSchema.parse(response.json()).data.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(leaveRequests).where(eq(leaveRequests.id, record.id)),
    secrets: (record) => [record.marker],
  };
  const coverageCase: IdorCase<{ id: string; marker: string }> = {
    name: 'coverage offer of a doctor of an unrelated specialty',
    paths: ['/api/coverage/:id/accept'],
    create: async () => {
      const owner = await doctorOf('dermatology');
      await book(owner.user.id, 95, '09:00');
      const leave = await requestLeave(owner, 95, 95);
      await admin.agent.post(`/api/leave/requests/${leave.id}/decision`, { decision: 'approved' });
      const [offer] = await t.app.db.select().from(coverageOffers).where(eq(coverageOffers.leaveRequestId, leave.id));
      return { id: offer!.id, marker: owner.user.lastName };
    },
    snapshot: async (record) => ({
      offer: await t.app.db.select().from(coverageOffers).where(eq(coverageOffers.id, record.id)),
      appointments: await t.app.db.select().from(appointments).where(eq(appointments.patientId, patient.user.id)),
    }),
    secrets: () => [patient.user.lastName],
  };

  for (const testCase of [leaveCase, coverageCase]) {
    it(`${testCase.name}: refused with 403/404 to a colleague, a patient and staff; no leak, no change`, async () => {
      const intruders = [otherCategory, patient, staff];
      for (const intruder of intruders) {
        const { outcomes, before, after } = await probeIdor(testCase, patient, intruder);
        for (const outcome of outcomes) {
          expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
          expect(outcome.leaked).toEqual([]);
        }
        expect(after).toEqual(before);
      }
    });
  }
});
