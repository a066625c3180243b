import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDate, wallClock } from '../../modules/appointments/slots';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { clinicDayStart } from '../factories';
import { appointments, parkingReservations, staffStatuses, users } from '../schema';
import { FRONT_DESK_PATIENTS } from './demo-front-desk';

// A fresh demo start gives the front desk a real morning in the clinic's zone: requests to answer,
// today's appointments across the clinic with some waiting and some parking held, the desk
// statuses, and the demo doctor's two front-desk patients (one request, one visit to check in).

const ZONE = 'America/New_York';
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: true, config: { clinicTimeZone: ZONE } });
  await test.app.ready();
  // Seeding the whole demo organisation takes a while on a busy machine.
}, 300_000);

afterAll(async () => {
  await test?.close();
});

describe('the demo front desk', () => {
  it('has requests, a day across the clinic with people waiting and parking, and the staff on duty', async () => {
    const db = test.db.db;
    const today = wallClock(new Date(), ZONE).slice(0, 10);
    const inToday = and(
      gte(appointments.startsAt, clinicDayStart(today, ZONE)),
      lt(appointments.startsAt, clinicDayStart(nextDate(today), ZONE)),
    );
    // On a weekend the clinic is closed: only the demo doctor's own day is seeded then.
    const open = ![0, 6].includes(new Date(`${today}T12:00:00Z`).getUTCDay());
    const day = await db.select().from(appointments).where(inToday);
    if (open) {
      expect(new Set(day.map((row) => row.doctorId)).size).toBeGreaterThan(2);
      expect(day.filter((row) => row.status === 'checked-in').length).toBeGreaterThanOrEqual(2);
    }
    const requests = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.status, 'requested'), gte(appointments.startsAt, new Date())));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    const held = await db
      .select()
      .from(parkingReservations)
      .where(
        inArray(
          parkingReservations.appointmentId,
          day.map((row) => row.id),
        ),
      );
    if (open) expect(held.length).toBeGreaterThan(0);

    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@caredeck.demo'));
    const [own] = await db.select().from(staffStatuses).where(eq(staffStatuses.userId, staff!.id));
    expect(own?.status).toBe('on-duty');

    const [doctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'doctor@caredeck.demo'));
    const [request] = await db.select({ id: users.id }).from(users).where(eq(users.email, FRONT_DESK_PATIENTS.request.email));
    const [asked] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, request!.id), eq(appointments.doctorId, doctor!.id)));
    expect(asked?.status).toBe('requested');
    // The doctor's next working day: after today, within the week.
    const askedDay = wallClock(asked!.startsAt, ZONE).slice(0, 10);
    expect(askedDay > today && askedDay <= nextDate(today, 7), askedDay).toBe(true);
    const [arrival] = await db.select({ id: users.id }).from(users).where(eq(users.email, FRONT_DESK_PATIENTS.arrival.email));
    const [visit] = await db
      .select()
      .from(appointments)
      .where(and(inToday, eq(appointments.patientId, arrival!.id), eq(appointments.doctorId, doctor!.id)));
    expect(visit?.status).toBe('scheduled');
    const time = wallClock(visit!.startsAt, ZONE).slice(11);
    expect(time >= '09:00' && time <= '15:30', time).toBe(true);

    // The waiting-room display's patient is due today with another doctor, whatever the weekday.
    const [display] = await db.select({ id: users.id }).from(users).where(eq(users.email, FRONT_DESK_PATIENTS.display.email));
    const displayed = await db
      .select()
      .from(appointments)
      .where(and(inToday, eq(appointments.patientId, display!.id)));
    expect(displayed).toHaveLength(1);
    expect(displayed[0]!.status).toBe('scheduled');
    expect(displayed[0]!.doctorId).not.toBe(doctor!.id);
    const displayTime = wallClock(displayed[0]!.startsAt, ZONE).slice(11);
    expect(displayTime >= '09:00' && displayTime <= '15:30', displayTime).toBe(true);
  });
});
