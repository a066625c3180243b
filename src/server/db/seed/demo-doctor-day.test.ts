import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDate, wallClock } from '../../modules/appointments/slots';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { clinicDayStart } from '../factories';
import { appointments, users } from '../schema';

// A fresh demo start gives the demo doctor a day of visits today in the clinic's zone: some done,
// some checked in (the demo patient first among them), the rest to come, all in clinic hours.

const ZONE = 'Asia/Tokyo';
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: true, config: { clinicTimeZone: ZONE } });
  await test.app.ready();
});

afterAll(async () => {
  await test?.close();
});

describe('the demo doctor’s day', () => {
  it('has today’s visits with patients checked in, the demo patient first in the queue', async () => {
    const db = test.db.db;
    const [doctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'doctor@caredeck.demo'));
    const [patient] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'patient@caredeck.demo'));
    const today = wallClock(new Date(), ZONE).slice(0, 10);
    const rows = await db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctor!.id),
          gte(appointments.startsAt, clinicDayStart(today, ZONE)),
          lt(appointments.startsAt, clinicDayStart(nextDate(today), ZONE)),
        ),
      )
      .orderBy(appointments.startsAt);
    const waiting = rows.filter((r) => r.status === 'checked-in');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(waiting[0]!.patientId).toBe(patient!.id);
    expect(waiting.every((r) => r.checkedInAt !== null)).toBe(true);
    expect(rows.some((r) => r.status === 'scheduled' || r.status === 'completed')).toBe(true);
    for (const row of rows) {
      const time = wallClock(row.startsAt, ZONE).slice(11);
      expect(time >= '09:00' && time <= '15:30', time).toBe(true);
    }
  });
});
