import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../contracts/appointments';
import { nextDate, wallClock, zonedInstant } from '../../modules/appointments/slots';
import type { Database } from '../client';
import { buildAppointment, clinicDayStart, Random } from '../factories';
import { appointments, careAssignments, users } from '../schema';

// The demo doctor's day: whatever day the demo starts on, the doctor's home shows a real morning
// or afternoon of visits in the clinic's zone, a few done, a few patients checked in and waiting
// (the demo patient first in the queue, so a second browser can follow her visit live) and the
// rest still to come. The visits lie in clinic hours (09:00–16:00) around the present, on slots the
// rest of the seed left free.

const DEMO_DOCTOR = 'doctor@caredeck.demo';
const DEMO_PATIENT = 'patient@caredeck.demo';
/** Its own seed, so this day does not change what the earlier steps build. */
const DAY_SEED = 20_261_126;
const SLOT_MINUTES = 30;
const VISITS = 8;
const OPENS = 9 * 60;
const CLOSES = 16 * 60;
const WAITING = 3;
const MINUTE = 60_000;

export interface DoctorDayOptions {
  timeZone: string;
  now?: Date;
}

export async function seedDemoDoctorDay(db: Database, { timeZone, now = new Date() }: DoctorDayOptions): Promise<void> {
  const random = new Random(DAY_SEED);
  const [doctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DOCTOR));
  if (!doctor) return;
  const patients = await db
    .select({ id: careAssignments.patientId, email: users.email })
    .from(careAssignments)
    .innerJoin(users, eq(users.id, careAssignments.patientId))
    .where(eq(careAssignments.doctorId, doctor.id))
    .orderBy(asc(users.email));
  if (patients.length === 0) return;
  const demoPatient = patients.find((p) => p.email === DEMO_PATIENT);
  const others = patients.filter((p) => p !== demoPatient);

  const today = wallClock(now, timeZone).slice(0, 10);
  const dayStart = clinicDayStart(today, timeZone);
  const dayEnd = clinicDayStart(nextDate(today), timeZone);
  const booked = await db
    .select({ startsAt: appointments.startsAt, patientId: appointments.patientId })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'cancelled'),
        gte(appointments.startsAt, dayStart),
        lt(appointments.startsAt, dayEnd),
        inArray(appointments.patientId, patients.map((p) => p.id).concat(doctor.id)),
      ),
    );
  const doctorsOwn = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctor.id), gte(appointments.startsAt, dayStart), lt(appointments.startsAt, dayEnd)));
  const taken = new Set([...booked, ...doctorsOwn].map((row) => row.startsAt.getTime()));

  // Eight half hours starting an hour and a half before now, kept inside clinic hours.
  const minutesNow = Number(wallClock(now, timeZone).slice(11, 13)) * 60 + Number(wallClock(now, timeZone).slice(14, 16));
  const first = Math.min(Math.max(Math.floor(minutesNow / SLOT_MINUTES) * SLOT_MINUTES - 90, OPENS), CLOSES - VISITS * SLOT_MINUTES);
  const slots = Array.from({ length: VISITS }, (_, i) => first + i * SLOT_MINUTES)
    .map((minutes) =>
      zonedInstant(today, `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, timeZone),
    )
    .filter((at): at is Date => at !== null && !taken.has(at.getTime()));

  // Done: the visits already over (at most three); then the waiting room; then the rest of the day.
  const over = slots.filter((at) => at.getTime() + SLOT_MINUTES * MINUTE <= now.getTime()).length;
  const done = Math.min(over, 3, Math.max(0, slots.length - WAITING));
  const queue = [...others];
  const rows = slots.map((startsAt, index) => {
    const status: AppointmentStatus = index < done ? 'completed' : index < done + WAITING ? 'checked-in' : 'scheduled';
    const patient = index === done && demoPatient ? demoPatient : (queue.shift() ?? random.pick(patients));
    const row = buildAppointment(random, { patientId: patient.id, doctorId: doctor.id, startsAt, status, durationMinutes: SLOT_MINUTES });
    const arrived = new Date(Math.min(startsAt.getTime(), now.getTime()) - random.int(5, 20) * MINUTE);
    return {
      ...row,
      checkedInAt: status === 'scheduled' ? null : arrived,
      createdAt: new Date(startsAt.getTime() - random.int(3, 20) * 86_400_000),
    };
  });
  if (rows.length > 0) await db.insert(appointments).values(rows);
}
