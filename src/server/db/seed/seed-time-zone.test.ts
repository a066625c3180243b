import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../modules/appointments/slots';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TestAgent } from '../../test-support/test-agent';
import { appointments, doctorAvailability, doctorTimeOff, users } from '../schema';
import { FRONT_DESK_PATIENTS } from './demo-front-desk';

// The demo clinic works in CLINIC_TIME_ZONE: an app started with a zone seeds appointments in
// working hours on that zone's clock, on days the doctor works, and time off as whole days of that
// zone's calendar. Two zones far apart (and UTC between them) would each show visits at night if
// the seed counted hours in UTC.

const ZONES = ['America/Los_Angeles', 'Asia/Tokyo'] as const;

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

describe.each(ZONES)('the demo seed with CLINIC_TIME_ZONE=%s', (timeZone) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ seed: true, config: { clinicTimeZone: timeZone } });
    await test.app.ready();
  });

  afterAll(async () => {
    await test?.close();
  });

  it('places every appointment in clinic hours there, on a weekday the doctor works, within their weekly hours', async () => {
    const rows = await test.db.db.select().from(appointments);
    const hours = await test.db.db.select().from(doctorAvailability);
    const [demoDoctor] = await test.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'doctor@caredeck.demo'));
    const [displayPatient] = await test.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, FRONT_DESK_PATIENTS.display.email));
    const seedDay = wallClock(new Date(), timeZone).slice(0, 10);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      const [date, time] = wallClock(row.startsAt, timeZone).split('T') as [string, string];
      const [, endTime] = wallClock(new Date(row.startsAt.getTime() + row.durationMinutes * 60_000), timeZone).split('T') as [
        string,
        string,
      ];
      const who = `${row.id} at ${date} ${time}–${endTime} (${timeZone})`;
      expect(time >= '09:00' && endTime <= '16:00', who).toBe(true);
      // The demo doctor's day of visits is seeded on the day the demo starts, whichever weekday it is
      // (demo-doctor-day.ts), so the doctor's home is never empty; it keeps to clinic hours all the same.
      if (row.doctorId === demoDoctor?.id && date === seedDay) continue;
      // So is the waiting-room display's patient, due today with another doctor (demo-front-desk.ts).
      if (row.patientId === displayPatient?.id && date === seedDay) continue;
      expect([1, 2, 3, 4, 5], who).toContain(weekdayOf(date));
      const day = hours.find((h) => h.doctorId === row.doctorId && h.dayOfWeek === weekdayOf(date) && h.isAvailable);
      expect(day, `${who}: the doctor works that day`).toBeDefined();
      expect(
        time >= day!.startTime.slice(0, 5) && endTime <= day!.endTime.slice(0, 5),
        `${who} within ${day!.startTime}–${day!.endTime}`,
      ).toBe(true);
    }
  });

  it('gives doctors time off as whole days of the clinic calendar, midnight to midnight', async () => {
    const rows = await test.db.db.select().from(doctorTimeOff);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(wallClock(row.startsAt, timeZone).slice(11), `${row.id} starts at midnight`).toBe('00:00');
      expect(wallClock(row.endsAt, timeZone).slice(11), `${row.id} ends at midnight`).toBe('00:00');
    }
  });

  it("offers a seeded doctor's free slots in clinic hours of that zone", async () => {
    const [row] = await test.db.db.select().from(doctorAvailability);
    const doctorId = row!.doctorId;
    const today = wallClock(new Date(), timeZone).slice(0, 10);
    const to = new Date(Date.parse(`${today}T00:00:00Z`) + 13 * 86_400_000).toISOString().slice(0, 10);
    const [patient] = await test.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'patient@caredeck.demo'));
    const agent = new TestAgent(test.app);
    await agent.signInAs(patient!.id);
    const answer = await agent.get(`/api/doctors/${doctorId}/slots?from=${today}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const slots = (answer.json() as { data: { startsAt: string }[] }).data;
    expect(slots.length).toBeGreaterThan(0);
    const mine = (await test.db.db.select().from(doctorAvailability)).filter((h) => h.doctorId === doctorId && h.isAvailable);
    for (const slot of slots) {
      const [date, time] = wallClock(new Date(slot.startsAt), timeZone).split('T') as [string, string];
      const day = mine.find((h) => h.dayOfWeek === weekdayOf(date));
      expect(day, `${slot.startsAt} falls on a working day`).toBeDefined();
      expect(time >= day!.startTime.slice(0, 5) && time < day!.endTime.slice(0, 5), `${slot.startsAt} is ${time} in ${timeZone}`).toBe(
        true,
      );
    }
  });
});
