import { and, asc, eq, gte, inArray, lt, ne, notInArray } from 'drizzle-orm';
import type { AppointmentStatus, AppointmentType } from '../../../contracts/appointments';
import type { StaffStatus } from '../../../contracts/staff-portal';
import { nextDate, wallClock, zonedInstant } from '../../modules/appointments/slots';
import type { Database } from '../client';
import { buildAppointment, clinicDayStart, createPatient, Random } from '../factories';
import { appointments, doctorAvailability, parkingReservations, patientProfiles, staffStatuses, users } from '../schema';

// The front desk's morning: whatever day the demo starts on, the demo staff member's home shows
// requests waiting for approval, today's appointments across the clinic (some checked in and
// waiting, one a no-show, some still to come within the hour, a few with parking held) and the
// desk statuses of the staff. Two patients of their own wait at the demo doctor's desk today — one
// request to approve and one visit to check in — so a front-desk walkthrough (and its journey)
// changes nobody else's day; a third is due today with another doctor, for whoever tries the
// waiting-room display, whichever weekday and hour the demo starts at. Slots the rest of the seed
// took are left alone.

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
  /** Due today with the first other doctor, to check in while the waiting-room display looks on. */
  display: { firstName: 'Wren', lastName: 'Okafor', email: 'wren.okafor@patients.caredeck.demo' },
} as const;

/**
 * The two front-desk patients, made before the clinical history is seeded so that they have one like
 * every demo patient (medications, allergies, visits).
 */
export async function seedFrontDeskPatients(db: Database): Promise<void> {
  const random = new Random(DESK_SEED + 1);
  await createPatient(db, random, { ...FRONT_DESK_PATIENTS.request });
  await createPatient(db, random, { ...FRONT_DESK_PATIENTS.arrival });
  await createPatient(db, random, { ...FRONT_DESK_PATIENTS.display });
}

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

  const doctors = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'doctor'), eq(users.isActive, true), ne(users.id, demoDoctor.id)))
    .orderBy(asc(users.email));
  const patients = await db
    .select({ id: patientProfiles.userId })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(
      and(
        eq(users.isActive, true),
        notInArray(users.email, [
          'patient@caredeck.demo',
          'mfa@caredeck.demo',
          FRONT_DESK_PATIENTS.request.email,
          FRONT_DESK_PATIENTS.arrival.email,
          FRONT_DESK_PATIENTS.display.email,
        ]),
      ),
    )
    .orderBy(asc(users.email));
  if (doctors.length === 0 || patients.length === 0) return;

  const taken = await takenSlots(db, [demoDoctor.id, ...doctors.map((d) => d.id)], dayStart, new Date(dayStart.getTime() + 8 * DAY));
  const hours = await db
    .select()
    .from(doctorAvailability)
    .where(inArray(doctorAvailability.doctorId, [demoDoctor.id, ...doctors.map((d) => d.id)]));
  // A visit keeps to the clinic's hours (09:00–16:00) on a weekday its doctor works, within their
  // weekly hours; only the demo doctor's own day is seeded today whichever weekday it is.
  const inClinicHours = (at: Date): boolean => {
    const time = wallClock(at, timeZone).slice(11, 16);
    const endTime = wallClock(new Date(at.getTime() + 30 * MINUTE), timeZone).slice(11, 16);
    return time >= '09:00' && endTime <= '16:00' && endTime >= time;
  };
  const fits = (doctorId: string, at: Date): boolean => {
    const [date, time] = wallClock(at, timeZone).split('T') as [string, string];
    const endTime = wallClock(new Date(at.getTime() + 30 * MINUTE), timeZone).slice(11, 16);
    if (!inClinicHours(at)) return false;
    if (doctorId === demoDoctor.id && date === today) return true;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) return false;
    return hours.some(
      (h) =>
        h.doctorId === doctorId &&
        h.dayOfWeek === weekday &&
        h.isAvailable &&
        h.startTime.slice(0, 5) <= time.slice(0, 5) &&
        h.endTime.slice(0, 5) >= endTime,
    );
  };
  /** `anyWeekday`: today's hours of the clinic are enough, whatever the doctor's weekly hours. */
  const free = (doctorId: string, at: Date | null, anyWeekday = false): Date | null => {
    if (!at || !(anyWeekday ? inClinicHours(at) : fits(doctorId, at)) || taken.has(`${doctorId}|${at.getTime()}`)) return null;
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
    type?: AppointmentType,
    anyWeekday = false,
  ) => {
    const at = free(doctorId, startsAt, anyWeekday);
    if (!at) return;
    const row = buildAppointment(random, { doctorId, patientId, startsAt: at, status, durationMinutes: 30, type });
    rows.push({ ...row, checkedInAt: checkedIn ?? null, createdAt: new Date(at.getTime() - random.int(2, 20) * DAY) });
    if (withParking) parking.push({ appointmentIndex: rows.length - 1, minutesBefore: random.int(10, 20) });
  };

  // The clinic's day for four doctors working today: half hours around now, kept inside 09:00–16:00
  // (none on a day the clinic is closed).
  const minutesNow = Number(wallClock(now, timeZone).slice(11, 13)) * 60 + Number(wallClock(now, timeZone).slice(14, 16));
  const base = Math.min(Math.max(Math.floor(minutesNow / 30) * 30 - 60, 9 * 60), 16 * 60 - 5 * 30);
  const at = (date: string, minutes: number) => zonedInstant(date, hhmm(minutes), timeZone);
  const workingToday = doctors
    .filter((doctor) => [0, 120].every((offset) => ((slot) => slot !== null && fits(doctor.id, slot))(at(today, base + offset))))
    .slice(0, 4);
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
    if (workingToday.length === 0) return;
    const doctor = workingToday[index % workingToday.length]!;
    const startsAt = at(today, base + visit.offset);
    const arrived = startsAt ? new Date(Math.min(startsAt.getTime(), now.getTime()) - random.int(5, 25) * MINUTE) : undefined;
    const checkedIn = visit.status === 'checked-in' || visit.status === 'completed' ? arrived : undefined;
    add(doctor.id, random.pick(patients).id, startsAt, visit.status, checkedIn, visit.parking);
  });

  // Requests waiting for approval over the coming days, at the doctors' usual hours.
  // Each goes to the first doctor (from a different place in the list each time) who works then.
  for (let i = 0, found = 0; i < 7 && found < 4; i += 1) {
    const date = wallClock(new Date(now.getTime() + (i + 1) * DAY), timeZone).slice(0, 10);
    const slot = at(date, (9 + (i % 4)) * 60 + 30);
    if (!slot) continue;
    const doctor = [...doctors.slice(i * 3), ...doctors.slice(0, i * 3)].find(
      (candidate) => fits(candidate.id, slot) && !taken.has(`${candidate.id}|${slot.getTime()}`),
    );
    if (!doctor) continue;
    add(doctor.id, random.pick(patients).id, slot, 'requested');
    found += 1;
  }

  // The demo doctor's two front-desk patients, on the latest half hours of the doctor's clinic
  // hours (09:00–16:00) left free: a visit today to check in, and a request for tomorrow (a request
  // is answered before its time, so it must still lie ahead whenever the demo is opened today).
  const patientOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0];
  const request = await patientOf(FRONT_DESK_PATIENTS.request.email);
  const arrival = await patientOf(FRONT_DESK_PATIENTS.arrival.email);
  const latestFree = (date: string) =>
    Array.from({ length: 14 }, (_, i) => at(date, 15 * 60 + 30 - i * 30)).find(
      (slot): slot is Date => slot !== null && fits(demoDoctor.id, slot) && !taken.has(`${demoDoctor.id}|${slot.getTime()}`),
    ) ?? null;
  // The request falls on the doctor's next working day with a free half hour.
  let requestDay = nextDate(today);
  for (let i = 0; i < 7 && !latestFree(requestDay); i += 1) requestDay = nextDate(requestDay);
  // In person: the desk checks the patient in, and the car park can give the visit a spot.
  if (arrival) add(demoDoctor.id, arrival.id, latestFree(today), 'scheduled', undefined, false, 'in-person');
  if (request) add(demoDoctor.id, request.id, latestFree(requestDay), 'requested');
  // The display's patient: today with the first other doctor, on the latest free half hour of the
  // clinic's hours whether or not that doctor works today, so it is there at any hour of any day.
  const display = await patientOf(FRONT_DESK_PATIENTS.display.email);
  const displayDoctor = doctors[0];
  if (display && displayDoctor) {
    const slot = Array.from({ length: 14 }, (_, i) => at(today, 15 * 60 + 30 - i * 30)).find(
      (candidate): candidate is Date =>
        candidate !== null && inClinicHours(candidate) && !taken.has(`${displayDoctor.id}|${candidate.getTime()}`),
    );
    add(displayDoctor.id, display.id, slot ?? null, 'scheduled', undefined, false, 'in-person', true);
  }

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
