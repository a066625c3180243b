import { BOOKING, CHANGEABLE_STATUSES } from '../../../../contracts/booking';
import type { Appointment } from '../../../../contracts/appointments';

// Free slots arrive as UTC instants; the patient sees and picks them by the days and clock times of
// their own time zone, and the booking names that day and time with the zone.

export interface SlotDay {
  /** YYYY-MM-DD in the patient's zone. */
  date: string;
  slots: { startsAt: string; time: string }[];
}

/** "YYYY-MM-DD" and "HH:mm" of an instant in `timeZone`. */
export function wallClockOf(iso: string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

export function groupByDay(slots: readonly { startsAt: string }[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const { date, time } = wallClockOf(slot.startsAt, timeZone);
    const day = days.get(date) ?? { date, slots: [] };
    day.slots.push({ startsAt: slot.startsAt, time });
    days.set(date, day);
  }
  return [...days.values()];
}

/** A calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the patient may still change it themselves; otherwise they call the clinic. */
export function changeState(appointment: Appointment, now: Date): 'open' | 'too-late' | 'closed' {
  if (!(CHANGEABLE_STATUSES as readonly string[]).includes(appointment.status)) return 'closed';
  if (Date.parse(appointment.startsAt) - now.getTime() < BOOKING.changeCutoffHours * 3_600_000) return 'too-late';
  return 'open';
}

/**
 * Whether the patient can still say they will come: a scheduled time still to come, not confirmed
 * yet. The change cut-off does not apply: coming is welcome up to the start.
 */
export function isConfirmable(appointment: Appointment, now: Date): boolean {
  return appointment.status === 'scheduled' && !appointment.confirmedAt && Date.parse(appointment.startsAt) > now.getTime();
}
