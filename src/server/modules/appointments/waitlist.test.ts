import { and, eq } from 'drizzle-orm';
import type { BookingApprovalMode } from '../../../contracts/system-settings';
import { pendingRequestsResponseSchema } from '../../../contracts/front-desk';
import { buildAppointment, Random } from '../../db/factories';
import type { BusEnvelope } from '../../platform/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentResponseSchema, slotsResponseSchema } from '../../../contracts/booking';
import { waitlistResponseSchema } from '../../../contracts/waitlist';
import { appointments, mailOutbox, notifications, waitlistEntries, waitlistOffers, waitlistOpenings } from '../../db/schema';
import { createOpenDoctorActor, setBookingApproval } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The waitlist against the real app and database: patients join for an earlier time, a
// cancellation frees a slot, the slot is offered in the order of joining, an offer that lapses
// passes on, and of two patients accepting at once exactly one gets it. The clinic zone is UTC, so
// a doctor's hours 09:00–12:00 are 09:00–12:00Z.

let t: TestApp;
const DAY = 86_400_000;

function day(n: number): string {
  return new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

async function book(patient: Actor, doctorId: string, date: string, time: string) {
  const response = await patient.agent.post('/api/appointments', {
    doctorId,
    date,
    time,
    timeZone: 'UTC',
    type: 'in-person',
    reason: 'Back pain',
  });
  expect(response.statusCode, response.body).toBe(201);
  return appointmentResponseSchema.parse(response.json()).data;
}

async function join(patient: Actor, body: Record<string, unknown>) {
  return patient.agent.post('/api/waitlist', body);
}

async function waitlistOf(patient: Actor) {
  const response = await patient.agent.get('/api/waitlist');
  expect(response.statusCode, response.body).toBe(200);
  // Doctors come as name parts, which the web titles in the reader's language; never an English "Dr.".
  expect(response.body).not.toContain('Dr. ');
  return waitlistResponseSchema.parse(response.json());
}

async function codesFor(patient: Actor): Promise<string[]> {
  const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, patient.user.id));
  return rows.map((n) => n.code ?? '');
}

describe('joining and leaving', () => {
  it('keeps one active entry per patient and doctor, lists it, and lets the patient leave', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const patient = await createActor(t.app, 'patient');
    const joined = await join(patient, { doctorId: doctor.user.id, reason: 'Follow-up', latestDate: day(20) });
    expect(joined.statusCode, joined.body).toBe(201);
    const again = await join(patient, { doctorId: doctor.user.id, reason: 'Follow-up' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('WAITLIST_ALREADY_JOINED');

    const listed = await waitlistOf(patient);
    expect(listed.entries).toEqual([
      expect.objectContaining({
        doctorId: doctor.user.id,
        doctor: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
        latestDate: day(20),
        appointmentId: null,
      }),
    ]);

    const id = listed.entries[0]!.id;
    expect((await patient.agent.delete(`/api/waitlist/${id}`)).statusCode).toBe(204);
    expect((await waitlistOf(patient)).entries).toEqual([]);
    expect((await patient.agent.delete(`/api/waitlist/${id}`)).statusCode).toBe(404);
    // Having left, they may join again.
    expect((await join(patient, { doctorId: doctor.user.id, reason: 'Follow-up' })).statusCode).toBe(201);
  });

  it('refuses bad input with a field message and changes nothing', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const patient = await createActor(t.app, 'patient');
    const cases = [
      { doctorId: 'nope', reason: 'x' },
      { doctorId: doctor.user.id },
      { doctorId: doctor.user.id, reason: 'x', latestDate: '2999-01-01' },
      { doctorId: doctor.user.id, reason: 'x'.repeat(501) },
    ];
    for (const body of cases) expect((await join(patient, body)).statusCode, JSON.stringify(body)).toBe(400);
    // A last day already behind the clinic: said on the field.
    const past = await join(patient, { doctorId: doctor.user.id, reason: 'x', latestDate: day(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ latestDate: 'The date cannot be in the past' });
    expect((await join(patient, { doctorId: patient.user.id, reason: 'x' })).statusCode).toBe(404);
    const rows = await t.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, patient.user.id));
    expect(rows).toEqual([]);
  });

  it('joins from an appointment only with the patient’s own, with that doctor', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const other = await createOpenDoctorActor(t.app);
    const patient = await createActor(t.app, 'patient');
    const stranger = await createActor(t.app, 'patient');
    const theirs = await book(stranger, doctor.user.id, day(9), '10:00');
    expect((await join(patient, { doctorId: doctor.user.id, appointmentId: theirs.id })).statusCode).toBe(404);
    const mine = await book(patient, other.user.id, day(9), '10:00');
    expect((await join(patient, { doctorId: doctor.user.id, appointmentId: mine.id })).statusCode).toBe(400);
    expect((await join(patient, { doctorId: other.user.id, appointmentId: mine.id })).statusCode).toBe(201);
  });
});

describe('a freed slot', () => {
  it('is offered in the order of joining, passes on when an offer lapses, and books for the one who accepts', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const [a, b, c, late] = await Promise.all([1, 2, 3, 4].map(() => createActor(t.app, 'patient')));
    const cancelling = await book(a!, doctor.user.id, day(4), '09:00');
    const later = await book(b!, doctor.user.id, day(12), '11:00');
    expect((await join(b!, { doctorId: doctor.user.id, appointmentId: later.id })).statusCode).toBe(201);
    expect((await join(c!, { doctorId: doctor.user.id, reason: 'Check-up', type: 'video' })).statusCode).toBe(201);
    // Only until a day before the freed one: not offered.
    expect((await join(late!, { doctorId: doctor.user.id, reason: 'Check-up', latestDate: day(3) })).statusCode).toBe(201);

    expect((await a!.agent.post(`/api/appointments/${cancelling.id}/cancel`, {})).statusCode).toBe(200);

    const offeredToB = (await waitlistOf(b!)).offers;
    expect(offeredToB).toEqual([
      expect.objectContaining({
        startsAt: cancelling.startsAt,
        status: 'offered',
        doctorId: doctor.user.id,
        doctor: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
      }),
    ]);
    expect(await codesFor(b!)).toContain('waitlist.time_offered');
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, b!.user.email), eq(mailOutbox.kind, 'waitlist-offer')));
    expect(mail!.textBody).toContain(`Dear ${b!.user.firstName},`);
    expect(mail!.textBody).not.toContain('Back pain');
    expect((await waitlistOf(c!)).offers).toEqual([]);

    // B lets it lapse: the next run passes it to C, and B hears it is gone.
    await t.app.db
      .update(waitlistOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistOffers.id, offeredToB[0]!.id));
    await t.app.jobs.runNow('waitlist-offers');
    expect((await waitlistOf(b!)).offers[0]!.status).toBe('expired');
    expect(await codesFor(b!)).toContain('waitlist.time_gone');
    const lapsed = await b!.agent.post(`/api/waitlist/offers/${offeredToB[0]!.id}/accept`, {});
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().error.code).toBe('OFFER_GONE');

    const offeredToC = (await waitlistOf(c!)).offers;
    expect(offeredToC).toEqual([expect.objectContaining({ status: 'offered' })]);
    const accepted = await c!.agent.post(`/api/waitlist/offers/${offeredToC[0]!.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const booked = accepted.json().data;
    expect(booked).toMatchObject({
      patientId: c!.user.id,
      doctorId: doctor.user.id,
      startsAt: cancelling.startsAt,
      type: 'video',
      reason: 'Check-up',
    });
    expect((await waitlistOf(c!)).entries).toEqual([]);
    expect((await waitlistOf(late!)).offers).toEqual([]);
    const [opening] = await t.app.db.select().from(waitlistOpenings).where(eq(waitlistOpenings.freedBy, cancelling.id));
    expect(opening!.status).toBe('taken');
  });

  it('moves the appointment of a patient who joined from one', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const [a, b] = await Promise.all([1, 2].map(() => createActor(t.app, 'patient')));
    const cancelling = await book(a!, doctor.user.id, day(5), '10:00');
    const later = await book(b!, doctor.user.id, day(15), '10:00');
    expect((await join(b!, { doctorId: doctor.user.id, appointmentId: later.id })).statusCode).toBe(201);
    await a!.agent.post(`/api/appointments/${cancelling.id}/cancel`, {});
    const [offer] = (await waitlistOf(b!)).offers;
    const accepted = await b!.agent.post(`/api/waitlist/offers/${offer!.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ id: later.id, startsAt: cancelling.startsAt });
    const mine = await t.app.db.select().from(appointments).where(eq(appointments.patientId, b!.user.id));
    expect(mine.map((r) => r.startsAt.toISOString())).toEqual([cancelling.startsAt]);
  });

  it('is not offered to a patient whose appointment is already earlier, and stays bookable by anyone', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const [a, b, d] = await Promise.all([1, 2, 3].map(() => createActor(t.app, 'patient')));
    const earlier = await book(b!, doctor.user.id, day(3), '09:00');
    expect((await join(b!, { doctorId: doctor.user.id, appointmentId: earlier.id })).statusCode).toBe(201);
    const cancelling = await book(a!, doctor.user.id, day(6), '09:00');
    await a!.agent.post(`/api/appointments/${cancelling.id}/cancel`, {});
    expect((await waitlistOf(b!)).offers).toEqual([]);
    const [opening] = await t.app.db.select().from(waitlistOpenings).where(eq(waitlistOpenings.freedBy, cancelling.id));
    expect(opening!.status).toBe('unfilled');
    // Nobody on the waitlist wanted it: anyone may book it through the booking page.
    await book(d!, doctor.user.id, day(6), '09:00');
  });

  it('gives the slot to exactly one of two patients accepting at once; the other hears it is gone', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createActor(t.app, 'patient')));
    const cancelling = await book(a!, doctor.user.id, day(7), '11:00');
    expect((await join(b!, { doctorId: doctor.user.id, reason: 'Check-up' })).statusCode).toBe(201);
    expect((await join(c!, { doctorId: doctor.user.id, reason: 'Check-up' })).statusCode).toBe(201);
    await a!.agent.post(`/api/appointments/${cancelling.id}/cancel`, {});
    // B holds the offer; C is given one of the same time as well (as after a lapse and a late press).
    const [opening] = await t.app.db.select().from(waitlistOpenings).where(eq(waitlistOpenings.freedBy, cancelling.id));
    const [cEntry] = await t.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, c!.user.id));
    await t.app.db
      .insert(waitlistOffers)
      .values({ openingId: opening!.id, entryId: cEntry!.id, patientId: c!.user.id, expiresAt: new Date(Date.now() + 600_000) });
    const [bOffer] = (await waitlistOf(b!)).offers;
    const [cOffer] = (await waitlistOf(c!)).offers;

    const answers = await Promise.all([
      b!.agent.post(`/api/waitlist/offers/${bOffer!.id}/accept`, {}),
      c!.agent.post(`/api/waitlist/offers/${cOffer!.id}/accept`, {}),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error.code).toBe('OFFER_GONE');
    const atSlot = await t.app.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.doctorId, doctor.user.id), eq(appointments.startsAt, new Date(cancelling.startsAt))));
    expect(atSlot.filter((r) => r.status !== 'cancelled')).toHaveLength(1);
    const loser = answers[0]!.statusCode === 409 ? b! : c!;
    expect((await waitlistOf(loser)).offers[0]!.status).toBe('gone');
  });

  it('answers 404 for another patient’s offer, and changes nothing', async () => {
    const doctor = await createOpenDoctorActor(t.app);
    const [a, b, intruder] = await Promise.all([1, 2, 3].map(() => createActor(t.app, 'patient')));
    const cancelling = await book(a!, doctor.user.id, day(8), '09:30');
    expect((await join(b!, { doctorId: doctor.user.id, reason: 'Check-up' })).statusCode).toBe(201);
    await a!.agent.post(`/api/appointments/${cancelling.id}/cancel`, {});
    const [offer] = (await waitlistOf(b!)).offers;
    expect((await intruder!.agent.post(`/api/waitlist/offers/${offer!.id}/accept`, {})).statusCode).toBe(404);
    expect((await waitlistOf(b!)).offers[0]!.status).toBe('offered');
  });
});

describe('taking an offer under the clinic’s approval setting', () => {
  const HOUR = 3_600_000;
  const random = new Random(2718);

  /**
   * A time of a new doctor's freed by a cancellation and offered to a patient who joined without an
   * appointment (new to the doctor, or `returning` after a past visit). The time lies 25–47 hours
   * ahead, whatever the hour now: past the patient's cut-off, and already due its 48-hour reminder.
   */
  async function offered(mode: BookingApprovalMode, returning = false) {
    await setBookingApproval(t.app, mode);
    const doctor = await createOpenDoctorActor(t.app);
    const [a, patient] = await Promise.all([1, 2].map(() => createActor(t.app, 'patient')));
    if (returning) {
      const past = buildAppointment(random, {
        doctorId: doctor.user.id,
        patientId: patient!.user.id,
        startsAt: new Date(Date.now() - 30 * DAY),
        status: 'completed',
        durationMinutes: 30,
      });
      await t.app.db.insert(appointments).values(past);
    }
    const free = await a!.agent.get(`/api/doctors/${doctor.user.id}/slots?from=${day(1)}&to=${day(2)}&timeZone=UTC`);
    const startsAt = slotsResponseSchema
      .parse(free.json())
      .data.map((slot) => slot.startsAt)
      .find((at) => Date.parse(at) > Date.now() + 25 * HOUR && Date.parse(at) < Date.now() + 47 * HOUR)!;
    const cancelling = await book(a!, doctor.user.id, startsAt.slice(0, 10), startsAt.slice(11, 16));
    expect((await join(patient!, { doctorId: doctor.user.id, reason: 'Check-up' })).statusCode).toBe(201);
    expect((await a!.agent.post(`/api/appointments/${cancelling.id}/cancel`, {})).statusCode).toBe(200);
    const [offer] = (await waitlistOf(patient!)).offers;
    expect(offer).toMatchObject({ status: 'offered', startsAt });
    return { doctor, patient: patient!, offerId: offer!.id };
  }

  async function reminders(email: string) {
    await t.app.jobs.runNow('appointment-reminders');
    return t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'appointment-reminder')));
  }

  let desk: Actor;
  let published: BusEnvelope[];
  beforeAll(async () => {
    desk = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all', 'appointments.update'] });
    published = [];
    t.app.events.subscribe((envelope) => published.push(envelope));
  });
  afterAll(async () => {
    await setBookingApproval(t.app, null);
  });

  async function accept(patient: Actor, offerId: string) {
    const response = await patient.agent.post(`/api/waitlist/offers/${offerId}/accept`, {});
    expect(response.statusCode, response.body).toBe(200);
    return appointmentResponseSchema.parse(response.json()).data;
  }

  async function pending(): Promise<string[]> {
    const response = await desk.agent.get('/api/appointments/requests/pending');
    expect(response.statusCode, response.body).toBe(200);
    return pendingRequestsResponseSchema.parse(response.json()).data.map((a) => a.id);
  }

  it('books at once when no booking needs approval: the doctor is told and the reminder goes out', async () => {
    const { doctor, patient, offerId } = await offered('none');
    const booked = await accept(patient, offerId);
    expect(booked.status).toBe('scheduled');
    expect(await pending()).not.toContain(booked.id);
    expect(await codesFor(patient)).toContain('appointment.patient_booked');
    expect(await codesFor(doctor)).toContain('appointment.doctor_booked');
    expect(await reminders(patient.user.email)).toHaveLength(1);
  });

  it('makes a new patient’s taken time a request when new patients need approval: held, the desk sees it live, no reminder until approved', async () => {
    const { doctor, patient, offerId } = await offered('new-patients');
    published.length = 0;
    const requested = await accept(patient, offerId);
    expect(requested.status).toBe('requested');
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, requested.id));
    expect(row!.status).toBe('requested');
    // The slot is held: nobody else can book it.
    const other = await createActor(t.app, 'patient');
    const again = await other.agent.post('/api/appointments', {
      doctorId: doctor.user.id,
      date: requested.startsAt.slice(0, 10),
      time: requested.startsAt.slice(11, 16),
      timeZone: 'UTC',
      type: 'in-person',
      reason: 'Back pain',
    });
    expect(again.statusCode).toBe(409);
    // The desk hears of it live and finds it among the requests; the patient hears it waits for the clinic.
    expect(
      published.some(
        (e) =>
          e.recipients.includes(desk.user.id) &&
          e.event.type === 'appointment_update' &&
          (e.event as { appointmentId?: string }).appointmentId === requested.id,
      ),
    ).toBe(true);
    expect(await pending()).toContain(requested.id);
    expect(await codesFor(patient)).toContain('appointment.patient_requested');
    expect(await codesFor(doctor)).not.toContain('appointment.doctor_booked');
    expect(await reminders(patient.user.email)).toHaveLength(0);

    const approved = await desk.agent.post(`/api/appointments/${requested.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await reminders(patient.user.email)).toHaveLength(1);
  });

  it('books a returning patient’s taken time at once when only new patients need approval', async () => {
    const { patient, offerId } = await offered('new-patients', true);
    const booked = await accept(patient, offerId);
    expect(booked.status).toBe('scheduled');
    expect(await pending()).not.toContain(booked.id);
  });

  it('makes every taken time a request when all bookings need approval, a returning patient’s too', async () => {
    const { patient, offerId } = await offered('all', true);
    const requested = await accept(patient, offerId);
    expect(requested.status).toBe('requested');
    expect(await pending()).toContain(requested.id);
    expect(await reminders(patient.user.email)).toHaveLength(0);
  });
});
