import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../contracts/appointments';
import { appointmentResponseSchema } from '../../../contracts/booking';
import { addCalendarDays } from '../../../contracts/dates';
import { errorEnvelopeSchema } from '../../../contracts/errors';
import { PARKING_DAYS, PARKING_SPOT_BOUNDS, parkingLotResponseSchema, parkingSpotResponseSchema } from '../../../contracts/parking';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, auditEvents, parkingSpots } from '../../db/schema';
import { demoParkingLot } from '../../db/seed/demo-parking';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor, createOpenDoctorActor, setBookingApproval } from '../../test-support/clinical-fixtures';
import { createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The car park against the real app and database: the desk sees the lot and today's visits in
// person, gives a free spot to one of them, marks it parked and frees it. Two desks racing for one
// spot: exactly one wins. Patients, doctors and staff without the day's schedule never reach it.

let t: TestApp;
let desk: Actor;
let otherDesk: Actor;
let reader: Actor;
let billing: Actor;
let patient: Actor;
let doctor: Actor;
let openDoctor: Actor;
let published: BusEnvelope[];
const random = new Random(3141);
const MINUTE = 60_000;
const DESK = ['patients.view.all', 'appointments.view.all', 'appointments.update'] as const;

function todayAt(minutes: number): Date {
  const start = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(Math.min(Math.max(Date.now() + minutes * MINUTE, start + MINUTE), start + 86_400_000 - MINUTE));
}

let slot = 0;
async function visit(options: { startsAt?: Date; status?: AppointmentStatus; type?: 'in-person' | 'video' } = {}): Promise<string> {
  slot += 1;
  const row = buildAppointment(random, {
    doctorId: doctor.user.id,
    patientId: patient.user.id,
    startsAt: options.startsAt ?? todayAt(slot),
    status: options.status ?? 'scheduled',
    durationMinutes: 30,
  });
  await t.app.db.insert(appointments).values({ ...row, type: options.type ?? 'in-person' });
  return row.id;
}

async function spotNumbered(number: string, level = 1) {
  const rows = await t.app.db.select().from(parkingSpots).where(eq(parkingSpots.level, level));
  return rows.find((row) => row.number === number)!;
}

async function codeOf(response: { json(): unknown }): Promise<string> {
  return errorEnvelopeSchema.parse(response.json()).error.code;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  desk = await createActor(t.app, 'staff', { permissions: [...DESK] });
  otherDesk = await createActor(t.app, 'staff', { permissions: [...DESK] });
  reader = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all'] });
  billing = await createActor(t.app, 'staff', { position: 'billing', permissions: ['billing.view'] });
  patient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  openDoctor = await createOpenDoctorActor(t.app);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

beforeEach(async () => {
  await t.app.db.delete(parkingSpots);
  await t.app.db.insert(parkingSpots).values(demoParkingLot());
  published.length = 0;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/parking/spots', () => {
  it('shows the lot, its counts per level and type, and today’s visits in person', async () => {
    const expected = await visit();
    await visit({ type: 'video' });
    await visit({ status: 'cancelled' });

    const response = await desk.agent.get('/api/parking/spots');
    expect(response.statusCode, response.body).toBe(200);
    const lot = parkingLotResponseSchema.parse(response.json()).data;
    expect(lot.spots).toHaveLength(40);
    expect(lot.counts.find((line) => line.level === 1 && line.type === 'handicap')).toEqual({
      level: 1,
      type: 'handicap',
      free: 2,
      reserved: 0,
      occupied: 0,
      outOfService: 0,
    });
    expect(lot.counts.find((line) => line.level === 2 && line.type === 'regular')!.outOfService).toBe(1);
    const ids = lot.visits.map((v) => v.appointmentId);
    expect(ids).toContain(expected);
    expect(lot.visits.find((v) => v.appointmentId === expected)).toMatchObject({
      spotId: null,
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
    });
  });

  it('refuses patients, doctors and staff without the day’s schedule', async () => {
    for (const outsider of [patient, doctor, billing]) {
      expect((await outsider.agent.get('/api/parking/spots')).statusCode).toBe(403);
    }
  });
});

describe('GET /api/parking/spots for another day', () => {
  it('shows a reservation booked for next week on that day and not today, with the spots as they stand that day', async () => {
    await setBookingApproval(t.app, 'none');
    const zone = t.app.systemSettings.latest().clinicTimeZone;
    const today = parkingLotResponseSchema.parse((await desk.agent.get('/api/parking/spots')).json()).data.today;
    const nextWeek = addCalendarDays(today, 7);
    const booked = await patient.agent.post('/api/appointments', {
      doctorId: openDoctor.user.id,
      date: nextWeek,
      time: '10:00',
      timeZone: zone,
      type: 'in-person',
      reason: 'Knee pain',
      parking: { licensePlate: 'pk 2077', arrivalTime: '09:45', departureTime: '11:00' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = appointmentResponseSchema.parse(booked.json()).data.id;
    // Today's car on A3 is today's: next week that spot is free.
    const spot = await spotNumbered('A3');
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: await visit() })).statusCode).toBe(200);

    const now = parkingLotResponseSchema.parse((await desk.agent.get('/api/parking/spots')).json()).data;
    expect(now.date).toBe(today);
    expect(now.visits.map((v) => v.appointmentId)).not.toContain(appointmentId);
    expect(now.spots.find((s) => s.id === spot.id)!.status).toBe('reserved');

    const response = await desk.agent.get(`/api/parking/spots?date=${nextWeek}`);
    expect(response.statusCode, response.body).toBe(200);
    const later = parkingLotResponseSchema.parse(response.json()).data;
    expect(later).toMatchObject({ date: nextWeek, today });
    expect(later.visits.find((v) => v.appointmentId === appointmentId)).toMatchObject({
      licensePlate: 'PK 2077',
      spotId: null,
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
    });
    expect(later.spots.find((s) => s.id === spot.id)).toMatchObject({ status: 'available', appointmentId: null });
    expect(later.counts.find((line) => line.level === 1 && line.type === 'regular')!.reserved).toBe(0);
    // Out of service is the spot's own state, whatever the day.
    expect(later.counts.find((line) => line.level === 2 && line.type === 'regular')!.outOfService).toBe(1);
  });

  it('shows a spot held for a visit of the day shown as held that day', async () => {
    const today = parkingLotResponseSchema.parse((await desk.agent.get('/api/parking/spots')).json()).data.today;
    const tomorrow = addCalendarDays(today, 1);
    const appointmentId = await visit({ startsAt: new Date(Date.parse(`${tomorrow}T12:00:00Z`)) });
    const spot = await spotNumbered('A4');
    await t.app.db.update(parkingSpots).set({ status: 'reserved', appointmentId }).where(eq(parkingSpots.id, spot.id));

    const later = parkingLotResponseSchema.parse((await desk.agent.get(`/api/parking/spots?date=${tomorrow}`)).json()).data;
    expect(later.spots.find((s) => s.id === spot.id)).toMatchObject({ status: 'reserved', appointmentId });
    expect(later.visits.find((v) => v.appointmentId === appointmentId)!.spotId).toBe(spot.id);
  });

  it('answers a day that is no date, or outside the window, with 400 and the field’s message', async () => {
    const far = addCalendarDays(new Date().toISOString().slice(0, 10), PARKING_DAYS.ahead + 5);
    for (const [date, message] of [
      ['2026-02-30', 'Please enter a valid date'],
      ['next-week', 'Please enter a valid date'],
      ['9999-12-31', 'Please enter a date between 1900 and 2200'],
      [far, 'Please choose a date within the next two years'],
    ] as const) {
      const response = await desk.agent.get(`/api/parking/spots?date=${encodeURIComponent(date)}`);
      expect(response.statusCode, `${date} ${response.body}`).toBe(400);
      const { error } = errorEnvelopeSchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.['querystring.date']).toBe(message);
    }
    expect((await desk.agent.get('/api/parking/spots?day=2026-01-01')).statusCode).toBe(400);
  });

  it('refuses patients, doctors and staff without the day’s schedule, whatever the day', async () => {
    const date = addCalendarDays(new Date().toISOString().slice(0, 10), 7);
    for (const outsider of [patient, doctor, billing]) {
      expect((await outsider.agent.get(`/api/parking/spots?date=${date}`)).statusCode).toBe(403);
    }
  });
});

describe('a spot’s steps', () => {
  it('assigns a free spot to today’s visit, marks it occupied and releases it, each noted and pushed to the desk', async () => {
    const appointmentId = await visit();
    const spot = await spotNumbered('A3');

    const assigned = await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(parkingSpotResponseSchema.parse(assigned.json()).data).toMatchObject({ status: 'reserved', appointmentId, version: 2 });
    expect(published.some((e) => e.event.type === 'parking_update' && e.recipients.includes(otherDesk.user.id))).toBe(true);
    expect(published.some((e) => e.recipients.includes(desk.user.id))).toBe(false);

    const occupied = await desk.agent.post(`/api/parking/spots/${spot.id}/occupy`, {});
    expect(occupied.statusCode, occupied.body).toBe(200);
    expect(parkingSpotResponseSchema.parse(occupied.json()).data.status).toBe('occupied');

    const lot = parkingLotResponseSchema.parse((await reader.agent.get('/api/parking/spots')).json()).data;
    expect(lot.visits.find((v) => v.appointmentId === appointmentId)!.spotId).toBe(spot.id);
    expect(lot.counts.find((line) => line.level === 1 && line.type === 'regular')!.occupied).toBe(1);

    const released = await desk.agent.post(`/api/parking/spots/${spot.id}/release`, {});
    expect(released.statusCode, released.body).toBe(200);
    expect(parkingSpotResponseSchema.parse(released.json()).data).toMatchObject({ status: 'available', appointmentId: null });

    const notes = await t.app.db.select().from(auditEvents).where(eq(auditEvents.resourceId, spot.id));
    expect(notes.map((n) => n.action).sort()).toEqual(['parking.assign', 'parking.occupy', 'parking.release']);
  });

  it('lets exactly one of two desks assigning one spot at once win; the other hears SPOT_TAKEN', async () => {
    const first = await visit();
    const second = await visit();
    const spot = await spotNumbered('B1');

    const [a, b] = await Promise.all([
      desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: first }),
      otherDesk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: second }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(await codeOf(loser)).toBe('SPOT_TAKEN');
    const winner = a.statusCode === 200 ? first : second;
    expect((await spotNumbered('B1')).appointmentId).toBe(winner);
    expect(published.filter((e) => e.event.type === 'parking_update')).toHaveLength(published.length);
  });

  it('refuses bad input and changes nothing', async () => {
    const appointmentId = await visit();
    const spot = await spotNumbered('A4');
    const before = await t.app.db.select().from(parkingSpots);

    const unknown = await desk.agent.post('/api/parking/spots/00000000-0000-4000-8000-000000000000/assign', { appointmentId });
    expect(unknown.statusCode).toBe(404);
    expect((await desk.agent.post('/api/parking/spots/not-a-spot/occupy', {})).statusCode).toBe(404);
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: 'nope' })).statusCode).toBe(400);

    const cancelled = await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, {
      appointmentId: await visit({ status: 'cancelled' }),
    });
    expect([cancelled.statusCode, await codeOf(cancelled)]).toEqual([409, 'APPOINTMENT_CANCELLED']);
    const tomorrow = await visit({ startsAt: new Date(Date.now() + 2 * 86_400_000) });
    const later = await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: tomorrow });
    expect([later.statusCode, await codeOf(later)]).toEqual([409, 'PARKING_NOT_ALLOWED']);
    const video = await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: await visit({ type: 'video' }) });
    expect([video.statusCode, await codeOf(video)]).toEqual([409, 'PARKING_NOT_ALLOWED']);
    const notHeld = await desk.agent.post(`/api/parking/spots/${spot.id}/occupy`, {});
    expect([notHeld.statusCode, await codeOf(notHeld)]).toEqual([409, 'SPOT_NOT_ASSIGNED']);
    const outOfService = (await t.app.db.select().from(parkingSpots)).find((row) => row.status === 'out_of_service')!;
    const broken = await desk.agent.post(`/api/parking/spots/${outOfService.id}/assign`, { appointmentId });
    expect([broken.statusCode, await codeOf(broken)]).toEqual([409, 'SPOT_TAKEN']);

    expect(await t.app.db.select().from(parkingSpots)).toEqual(before);
    expect(published).toEqual([]);

    // A visit holds one spot: a second spot for it is refused.
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId })).statusCode).toBe(200);
    const second = await desk.agent.post(`/api/parking/spots/${(await spotNumbered('A5')).id}/assign`, { appointmentId });
    expect([second.statusCode, await codeOf(second)]).toEqual([409, 'VISIT_HAS_SPOT']);
  });

  it('frees the spot of a visit cancelled at the desk', async () => {
    const appointmentId = await visit();
    const spot = await spotNumbered('B3');
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId })).statusCode).toBe(200);

    const cancelled = await desk.agent.post(`/api/staff/appointments/${appointmentId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await spotNumbered('B3')).toMatchObject({ status: 'available', appointmentId: null, version: 3 });
  });

  it('refuses a staff member who may read the day but not change it', async () => {
    const spot = await spotNumbered('A6');
    expect((await reader.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: await visit() })).statusCode).toBe(403);
    expect((await spotNumbered('A6')).status).toBe('available');
  });

  it('answers a spot held for someone else’s visit with 403 or 404 to outsiders, leaking and changing nothing (IDOR harness)', async () => {
    const owner = desk;
    for (const intruder of [patient, doctor, billing, reader]) {
      const { outcomes, before, after } = await probeIdor(
        {
          name: 'parking spot',
          paths: ['/api/parking/spots/:id/assign', '/api/parking/spots/:id/occupy', '/api/parking/spots/:id/release'],
          methods: ['POST'],
          body: {},
          create: async () => {
            const spot = await spotNumbered('C4');
            if (spot.status === 'available') {
              await owner.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: await visit() });
            }
            return { id: spot.id };
          },
          snapshot: async (record) => t.app.db.select().from(parkingSpots).where(eq(parkingSpots.id, record.id)),
          secrets: () => [patient.user.id],
        },
        owner,
        intruder,
      );
      for (const outcome of outcomes) {
        expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
        expect(outcome.leaked).toEqual([]);
      }
      expect(after).toEqual(before);
    }
  });
});

describe('the car park’s layout (administrators)', () => {
  let admin: Actor;
  const NEW_SPOT = { number: 'd1', level: 1, section: 'D', type: 'electric', x: 20, y: 13 } as const;

  beforeAll(async () => {
    admin = await createActor(t.app, 'admin');
  });

  it('adds a free spot at the edge of the map, noted and pushed so open maps refresh', async () => {
    const added = await admin.agent.post('/api/parking/spots', NEW_SPOT);
    expect(added.statusCode, added.body).toBe(201);
    const spot = parkingSpotResponseSchema.parse(added.json()).data;
    expect(spot).toMatchObject({ number: 'D1', level: 1, section: 'D', type: 'electric', status: 'available', x: 20, y: 13, version: 1 });
    expect(await spotNumbered('D1')).toMatchObject({ id: spot.id, status: 'available', appointmentId: null });
    const [note] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.resourceId, spot.id));
    expect(note).toMatchObject({ action: 'parking.spot-add', outcome: 'success', details: { number: 'D1', level: 1 } });
    const pushed = published.find((e) => e.event.type === 'parking_update');
    expect(pushed?.event).toMatchObject({ action: 'added', spotId: spot.id });
    expect(pushed?.recipients).toContain(desk.user.id);
    expect(pushed?.recipients).not.toContain(admin.user.id);
  });

  it('refuses a spot outside the map’s drawing area and a malformed number, adding nothing', async () => {
    const before = (await t.app.db.select().from(parkingSpots)).length;
    for (const [body, field] of [
      [{ ...NEW_SPOT, x: PARKING_SPOT_BOUNDS.x.max + 1 }, 'x'],
      [{ ...NEW_SPOT, y: PARKING_SPOT_BOUNDS.y.max + 1 }, 'y'],
      [{ ...NEW_SPOT, x: -1 }, 'x'],
      [{ ...NEW_SPOT, y: 2.5 }, 'y'],
      [{ ...NEW_SPOT, number: 'A 1' }, 'number'],
      [{ ...NEW_SPOT, level: 99 }, 'level'],
    ] as const) {
      const refused = await admin.agent.post('/api/parking/spots', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorEnvelopeSchema.parse(refused.json()).error.fields).toHaveProperty(field);
    }
    expect(await t.app.db.select().from(parkingSpots)).toHaveLength(before);
  });

  it('keeps a spot number unique on its level: adding or renaming onto a taken number is refused', async () => {
    const taken = await admin.agent.post('/api/parking/spots', { ...NEW_SPOT, number: 'A1' });
    expect(taken.statusCode).toBe(409);
    expect(await codeOf(taken)).toBe('SPOT_NUMBER_TAKEN');
    // The same number on another level is another spot.
    expect((await admin.agent.post('/api/parking/spots', { ...NEW_SPOT, number: 'A1', level: 3 })).statusCode).toBe(201);

    const spot = await spotNumbered('A2');
    const renamed = await admin.agent.put(`/api/parking/spots/${spot.id}`, { ...NEW_SPOT, number: 'A1', level: 1, version: spot.version });
    expect(renamed.statusCode).toBe(409);
    expect(await codeOf(renamed)).toBe('SPOT_NUMBER_TAKEN');
    expect(await spotNumbered('A2')).toEqual(spot);
  });

  it('lets only one of two administrators renaming spots onto the same number at once win', async () => {
    const [first, second] = [await spotNumbered('A5'), await spotNumbered('A6')];
    const answers = await Promise.all(
      [first, second].map((spot) =>
        admin.agent.put(`/api/parking/spots/${spot.id}`, { ...NEW_SPOT, number: 'A99', x: spot.x, y: spot.y, version: spot.version }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await codeOf(answers.find((answer) => answer.statusCode === 409)!)).toBe('SPOT_NUMBER_TAKEN');
    const numbered = await t.app.db
      .select()
      .from(parkingSpots)
      .where(and(eq(parkingSpots.level, 1), eq(parkingSpots.number, 'A99')));
    expect(numbered).toHaveLength(1);
  });

  it('edits a spot’s number, place and type, keeping its visit; an edit of an older read is refused', async () => {
    const appointmentId = await visit();
    const spot = await spotNumbered('B2');
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId })).statusCode).toBe(200);
    const held = await spotNumbered('B2');

    const edited = await admin.agent.put(`/api/parking/spots/${spot.id}`, {
      number: 'B20',
      level: 1,
      section: 'B',
      type: 'handicap',
      x: 3,
      y: 7,
      version: held.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await spotNumbered('B20')).toMatchObject({ id: spot.id, type: 'handicap', x: 3, y: 7, status: 'reserved', appointmentId });
    const [note] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceId, spot.id), eq(auditEvents.action, 'parking.spot-edit')));
    expect(note).toMatchObject({ outcome: 'success', details: { number: 'B20', from: { number: 'B2', level: 1 } } });

    const stale = await admin.agent.put(`/api/parking/spots/${spot.id}`, { ...NEW_SPOT, number: 'B21', version: held.version });
    expect(stale.statusCode).toBe(409);
    expect(await codeOf(stale)).toBe('STALE_RECORD');
    expect((await spotNumbered('B20')).x).toBe(3);
  });

  it('removes a free spot, and refuses to remove one held for or taken by today’s visit', async () => {
    const free = await spotNumbered('C5');
    const removed = await admin.agent.delete(`/api/parking/spots/${free.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.app.db.select().from(parkingSpots).where(eq(parkingSpots.id, free.id))).toEqual([]);
    const [note] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.resourceId, free.id));
    expect(note).toMatchObject({ action: 'parking.spot-remove', outcome: 'success' });
    expect(published.some((e) => e.event.type === 'parking_update' && e.event.action === 'removed')).toBe(true);

    const spot = await spotNumbered('C6');
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/assign`, { appointmentId: await visit() })).statusCode).toBe(200);
    expect((await desk.agent.post(`/api/parking/spots/${spot.id}/occupy`, {})).statusCode).toBe(200);
    const refused = await admin.agent.delete(`/api/parking/spots/${spot.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await codeOf(refused)).toBe('SPOT_IN_USE');
    expect(await spotNumbered('C6')).toMatchObject({ id: spot.id, status: 'occupied' });

    const missing = await admin.agent.delete(`/api/parking/spots/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses staff, even the desk that runs the car park, and changes nothing', async () => {
    const spot = await spotNumbered('A4');
    for (const outsider of [desk, reader, billing, doctor, patient]) {
      expect((await outsider.agent.post('/api/parking/spots', NEW_SPOT)).statusCode).toBe(403);
      expect((await outsider.agent.put(`/api/parking/spots/${spot.id}`, { ...NEW_SPOT, version: spot.version })).statusCode).toBe(403);
      expect((await outsider.agent.delete(`/api/parking/spots/${spot.id}`)).statusCode).toBe(403);
    }
    expect(await spotNumbered('A4')).toEqual(spot);
    expect(await spotNumbered('D1')).toBeUndefined();
  });

  it('answers a spot’s layout routes to outsiders with 403 or 404, leaking and changing nothing (IDOR harness)', async () => {
    for (const intruder of [patient, doctor, billing, desk]) {
      const { outcomes, before, after } = await probeIdor(
        {
          name: 'parking spot layout',
          paths: ['/api/parking/spots/:id'],
          methods: ['PUT', 'DELETE'],
          body: { ...NEW_SPOT, version: 1 },
          create: async () => ({ id: (await spotNumbered('B5')).id }),
          snapshot: async (record) => t.app.db.select().from(parkingSpots).where(eq(parkingSpots.id, record.id)),
          secrets: () => [],
        },
        admin,
        intruder,
      );
      for (const outcome of outcomes) {
        expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
        expect(outcome.leaked).toEqual([]);
      }
      expect(after).toEqual(before);
    }
  });
});
