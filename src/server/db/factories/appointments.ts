import type { AppointmentStatus, AppointmentType } from '../../../contracts/appointments';
import type { Database } from '../client';
import { appointments, type AppointmentRow, type NewAppointmentRow } from '../schema';
import type { Random } from './random';

// Appointments on the half hour inside usual clinic hours (09:00–16:30 UTC, Monday to Friday).
// The seed passes one `taken` set for the whole organisation so it never builds two bookings of
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

/** A weekday slot `daysFromNow` days away (moved forward to Monday when it falls on a weekend). */
export function slotOn(random: Random, now: Date, daysFromNow: number): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + daysFromNow * DAY);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setTime(day.getTime() + DAY);
  day.setUTCHours(random.int(9, 16), random.pick([0, 30]));
  return day;
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
export function freeSlot(random: Random, now: Date, doctorId: string, daysFromNow: number, taken: Set<string>): Date {
  for (let attempt = 0; ; attempt += 1) {
    const startsAt = slotOn(random, now, daysFromNow + Math.floor(attempt / 4));
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
