import type { AppointmentStatus, AppointmentType } from '../../../contracts/appointments';
import { nextDate, wallClock, zonedInstant } from '../../modules/appointments/slots';
import type { Database } from '../client';
import { appointments, type AppointmentRow, type NewAppointmentRow } from '../schema';
import type { Random } from './random';

// Appointments on the half hour inside usual clinic hours: starting 09:00–14:30 on the clock of the
// clinic's time zone (CLINIC_TIME_ZONE), so even the longest visit ends before any doctor's day does
// (every demo doctor works at least 09:00–16:00), on a weekday the doctor works. The seed passes one `taken` set for the whole organisation so it never builds two bookings of
// one doctor's slot (the database would refuse the second, see schema/appointments.ts).

const REASONS = [
  'Annual physical examination',
  'Follow-up on blood pressure',
  'Review of recent lab results',
  'Persistent cough for two weeks',
  'Medication review',
  'Diabetes check-up',
  'Knee pain when climbing stairs',
  'Recurring headaches',
  'Skin rash on forearm',
  'Routine follow-up',
  'Shortness of breath on exertion',
  'Sleep difficulties',
] as const;

const DAY = 86_400_000;
const WEEKDAYS: ReadonlySet<number> = new Set([1, 2, 3, 4, 5]);

/** Where and when the demo clinic works: its time zone, and the weekdays (0 = Sunday) each doctor works. */
export interface ClinicCalendar {
  timeZone: string;
  workdays?: ReadonlyMap<string, ReadonlySet<number>>;
}

export const UTC_CLINIC: ClinicCalendar = { timeZone: 'UTC' };

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The clinic's calendar day `daysFromNow` days after today (today as the clinic's clock reads it),
 * moved forward to the next of `workdays` that is a weekday (Monday to Friday when none is).
 */
export function clinicDay(now: Date, daysFromNow: number, timeZone: string, workdays?: ReadonlySet<number>): string {
  const days = workdays && [...workdays].some((d) => WEEKDAYS.has(d)) ? workdays : WEEKDAYS;
  let date = nextDate(wallClock(now, timeZone).slice(0, 10), daysFromNow);
  while (!days.has(weekdayOf(date)) || !WEEKDAYS.has(weekdayOf(date))) date = nextDate(date);
  return date;
}

/** The instant the clinic's day `date` begins (its midnight, or the first hour after it that exists). */
export function clinicDayStart(date: string, timeZone: string): Date {
  for (let hour = 0; hour < 4; hour += 1) {
    const start = zonedInstant(date, `0${hour}:00`, timeZone);
    if (start) return start;
  }
  throw new Error(`${date} has no start in ${timeZone}`);
}

/** A slot in clinic hours `daysFromNow` days away, on a day `doctorId` works (see ClinicCalendar). */
export function slotOn(random: Random, now: Date, daysFromNow: number, clinic: ClinicCalendar = UTC_CLINIC, doctorId?: string): Date {
  const date = clinicDay(now, daysFromNow, clinic.timeZone, doctorId ? clinic.workdays?.get(doctorId) : undefined);
  const hour = random.int(9, 14);
  const minute = random.pick([0, 30]);
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  // Clocks change at night, never between 09:00 and 15:00, so the time exists; the fallback is for a zone that differs.
  return (
    zonedInstant(date, time, clinic.timeZone) ?? new Date(clinicDayStart(date, clinic.timeZone).getTime() + (hour * 60 + minute) * 60_000)
  );
}

export function buildAppointment(
  random: Random,
  options: {
    patientId: string;
    doctorId: string;
    startsAt: Date;
    status?: AppointmentStatus;
    type?: AppointmentType;
    reason?: string;
    durationMinutes?: number;
  },
): NewAppointmentRow & { id: string } {
  const status = options.status ?? 'scheduled';
  const startsAt = options.startsAt;
  return {
    id: random.uuid(),
    patientId: options.patientId,
    doctorId: options.doctorId,
    startsAt,
    durationMinutes: options.durationMinutes ?? random.pick([20, 30, 30, 45]),
    type: options.type ?? (random.next() < 0.7 ? 'in-person' : 'video'),
    status,
    reason: options.reason ?? random.pick(REASONS),
    bookedBy: options.patientId,
    bookedByRole: 'patient',
    checkedInAt: status === 'completed' || status === 'in-progress' ? new Date(startsAt.getTime() - random.int(5, 20) * 60_000) : null,
    cancelledAt: status === 'cancelled' ? new Date(startsAt.getTime() - random.int(1, 5) * DAY) : null,
    createdAt: new Date(startsAt.getTime() - random.int(3, 30) * DAY),
  };
}

/** Books a free slot of `doctorId` (`taken` holds "doctorId|iso" keys already used). */
export function freeSlot(
  random: Random,
  now: Date,
  doctorId: string,
  daysFromNow: number,
  taken: Set<string>,
  clinic: ClinicCalendar = UTC_CLINIC,
): Date {
  for (let attempt = 0; ; attempt += 1) {
    const startsAt = slotOn(random, now, daysFromNow + Math.floor(attempt / 4), clinic, doctorId);
    const key = `${doctorId}|${startsAt.toISOString()}`;
    if (!taken.has(key)) {
      taken.add(key);
      return startsAt;
    }
  }
}

export async function createAppointment(
  db: Database,
  random: Random,
  options: Parameters<typeof buildAppointment>[1],
): Promise<AppointmentRow> {
  const [row] = await db.insert(appointments).values(buildAppointment(random, options)).returning();
  return row!;
}
