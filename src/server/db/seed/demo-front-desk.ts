import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../contracts/appointments';
import type { StaffStatus } from '../../../contracts/staff-portal';
import { nextDate, wallClock, zonedInstant } from '../../modules/appointments/slots';
import type { Database } from '../client';
import { buildAppointment, clinicDayStart, createPatient, Random } from '../factories';
import { appointments, parkingReservations, patientProfiles, staffStatuses, users } from '../schema';

// The front desk's morning: whatever day the demo starts on, the demo staff member's home shows
// requests waiting for approval, today's appointments across the clinic (some checked in and
// waiting, one a no-show, some still to come within the hour, a few with parking held) and the
// desk statuses of the staff. Two patients of their own wait at the demo doctor's desk today — one
// request to approve and one visit to check in — so a front-desk walkthrough (and its journey)
// changes nobody else's day. Slots the rest of the seed took are left alone.

const DEMO_DOCTOR = 'doctor@caredeck.demo';
const DEMO_STAFF = 'staff@caredeck.demo';
/** Its own seed, so this morning does not change what the earlier steps build. */
const DESK_SEED = 20_261_127;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The demo doctor's two front-desk patients, named so a walkthrough finds them. */
export const FRONT_DESK_PATIENTS = {
  request: { firstName: 'Rafael', lastName: 'Moreno', email: 'rafael.moreno@patients.caredeck.demo' },
  arrival: { firstName: 'Ingrid', lastName: 'Solberg', email: 'ingrid.solberg@patients.caredeck.demo' },
} as const;

export interface FrontDeskOptions {
  timeZone: string;
  now?: Date;
}

export async function seedDemoFrontDesk(db: Database, { timeZone, now = new Date() }: FrontDeskOptions): Promise<void> {
  const random = new Random(DESK_SEED);
  const [demoDoctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DOCTOR));
  if (!demoDoctor) return;
  const today = wallClock(now, timeZone).slice(0, 10);
  const dayStart = clinicDayStart(today, timeZone);

  const doctors = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'doctor'), eq(users.isActive, true), ne(users.id, demoDoctor.id)))
      .orderBy(asc(users.email))
  ).slice(0, 4);
  const patients = await db
    .select({ id: patientProfiles.userId })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(and(eq(users.isActive, true), ne(users.email, 'patient@caredeck.demo'), ne(users.email, 'mfa@caredeck.demo')))
    .orderBy(asc(users.email));
  if (doctors.length === 0 || patients.length === 0) return;

  const taken = await takenSlots(db, [demoDoctor.id, ...doctors.map((d) => d.id)], dayStart, new Date(dayStart.getTime() + 8 * DAY));
  const free = (doctorId: string, at: Date | null): Date | null => {
    if (!at || taken.has(`${doctorId}|${at.getTime()}`)) return null;
    taken.add(`${doctorId}|${at.getTime()}`);
    return at;
  };
  const rows: (typeof appointments.$inferInsert)[] = [];
  const parking: { appointmentIndex: number; minutesBefore: number }[] = [];
  const add = (
    doctorId: string,
    patientId: string,
    startsAt: Date | null,
    status: AppointmentStatus,
    checkedIn?: Date,
    withParking = false,
  ) => {
    const at = free(doctorId, startsAt);
    if (!at) return;
    const row = buildAppointment(random, { doctorId, patientId, startsAt: at, status, durationMinutes: 30 });
    rows.push({ ...row, checkedInAt: checkedIn ?? null, createdAt: new Date(at.getTime() - random.int(2, 20) * DAY) });
    if (withParking) parking.push({ appointmentIndex: rows.length - 1, minutesBefore: random.int(10, 20) });
  };

  // The clinic's day for the other doctors: half hours around now, kept inside 08:00–18:00.
  const minutesNow = Number(wallClock(now, timeZone).slice(11, 13)) * 60 + Number(wallClock(now, timeZone).slice(14, 16));
  const base = Math.min(Math.max(Math.floor(minutesNow / 30) * 30 - 60, 8 * 60), 18 * 60 - 5 * 30);
  const at = (date: string, minutes: number) => zonedInstant(date, hhmm(minutes), timeZone);
  const plan: { offset: number; status: AppointmentStatus; parking?: boolean }[] = [
    { offset: 0, status: 'completed' },
    { offset: 30, status: 'checked-in', parking: true },
    { offset: 30, status: 'no-show' },
    { offset: 60, status: 'checked-in' },
    { offset: 90, status: 'scheduled', parking: true },
    { offset: 90, status: 'scheduled' },
    { offset: 120, status: 'scheduled' },
  ];
  plan.forEach((visit, index) => {
    const doctor = doctors[index % doctors.length]!;
    const startsAt = at(today, base + visit.offset);
    const arrived = startsAt ? new Date(Math.min(startsAt.getTime(), now.getTime()) - random.int(5, 25) * MINUTE) : undefined;
    const checkedIn = visit.status === 'checked-in' || visit.status === 'completed' ? arrived : undefined;
    add(doctor.id, random.pick(patients).id, startsAt, visit.status, checkedIn, visit.parking);
  });

  // Requests waiting for approval over the coming days, at the doctors' usual hours.
  for (let i = 0; i < 4; i += 1) {
    const date = wallClock(new Date(now.getTime() + (i + 1) * DAY), timeZone).slice(0, 10);
    add(doctors[i % doctors.length]!.id, random.pick(patients).id, at(date, (9 + i) * 60 + 30), 'requested');
  }

  // The demo doctor's two front-desk patients, on the latest half hours of the doctor's clinic
  // hours (09:00–16:00) left free: a visit today to check in, and a request for tomorrow (a request
  // is answered before its time, so it must still lie ahead whenever the demo is opened today).
  const request = await createPatient(db, random, { ...FRONT_DESK_PATIENTS.request });
  const arrival = await createPatient(db, random, { ...FRONT_DESK_PATIENTS.arrival });
  const tomorrow = nextDate(today);
  const latestFree = (date: string) =>
    Array.from({ length: 14 }, (_, i) => at(date, 15 * 60 + 30 - i * 30)).find(
      (slot): slot is Date => slot !== null && !taken.has(`${demoDoctor.id}|${slot.getTime()}`),
    ) ?? null;
  add(demoDoctor.id, arrival.user.id, latestFree(today), 'scheduled');
  add(demoDoctor.id, request.user.id, latestFree(tomorrow), 'requested');

  if (rows.length > 0) {
    const inserted = await db
      .insert(appointments)
      .values(rows)
      .returning({ id: appointments.id, patientId: appointments.patientId, startsAt: appointments.startsAt });
    const held = parking.flatMap(({ appointmentIndex, minutesBefore }) => {
      const row = inserted[appointmentIndex];
      if (!row) return [];
      return [
        {
          appointmentId: row.id,
          patientId: row.patientId,
          licensePlate: `${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))} ${random.int(100, 999)}`,
          arrivalAt: new Date(row.startsAt.getTime() - minutesBefore * MINUTE),
          departureAt: new Date(row.startsAt.getTime() + 90 * MINUTE),
        },
      ];
    });
    if (held.length > 0) await db.insert(parkingReservations).values(held);
  }

  // The desk statuses: the demo staff member on duty, the others as a real morning has them.
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'staff')).orderBy(asc(users.email));
  const others: StaffStatus[] = ['on-duty', 'on-break', 'on-duty', 'off-duty'];
  await db.insert(staffStatuses).values(
    staff.map((member, index) => ({
      userId: member.id,
      status: member.email === DEMO_STAFF ? ('on-duty' as const) : others[index % others.length]!,
      updatedAt: new Date(now.getTime() - random.int(5, 120) * MINUTE),
    })),
  );
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

async function takenSlots(db: Database, doctorIds: string[], from: Date, to: Date): Promise<Set<string>> {
  const rows = await db
    .select({ doctorId: appointments.doctorId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.doctorId, doctorIds),
        ne(appointments.status, 'cancelled'),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    );
  return new Set(rows.map((row) => `${row.doctorId}|${row.startsAt.getTime()}`));
}
