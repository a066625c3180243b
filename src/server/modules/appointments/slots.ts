import { BOOKING } from '../../../contracts/booking';
import { isCalendarDate } from '../../../contracts/dates';
import type { ClinicHours } from '../../../contracts/system-settings';

// Free slots of one doctor, computed without the database: weekly hours (wall-clock times in the
// clinic's zone) laid over calendar days, cut into fixed-length slots, kept only where the clinic
// itself is open, minus booked appointments, time off and anything not strictly in the future. Pure, so the rules are unit-tested on their own.

export interface WeeklyHours {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  /** "HH:mm" or "HH:mm:ss" in the clinic's zone. */
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

export interface Busy {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotInput {
  hours: readonly WeeklyHours[];
  /** Booked (non-cancelled) appointments and time off. */
  busy: readonly Busy[];
  /** Calendar days in the clinic's zone, inclusive, "YYYY-MM-DD". */
  fromDate: string;
  toDate: string;
  clinicTimeZone: string;
  /** The clinic's opening hours (Sunday first): a slot lies wholly inside them. Absent: no limit. */
  clinicHours?: ClinicHours;
  slotMinutes: number;
  now: Date;
  /** Only slots starting in [notBefore, notAfter) are answered (the caller's days in their zone). */
  notBefore?: Date;
  notAfter?: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The most calendar days one search walks, whatever it is asked: a slots query spans at most
 * BOOKING.maxRangeDays of the caller's zone, which can touch one more day at each end in the
 * clinic's. No loop here is bounded by what a client sends.
 */
export const MAX_SLOT_SEARCH_DAYS = BOOKING.maxRangeDays + 2;

export function freeSlots(input: SlotInput): { startsAt: Date; endsAt: Date }[] {
  const slots: { startsAt: Date; endsAt: Date }[] = [];
  const busy = [...input.busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const first = Date.parse(`${input.fromDate}T00:00:00Z`);
  const last = Date.parse(`${input.toDate}T00:00:00Z`);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return [];
  const days = Math.min(Math.floor((last - first) / DAY) + 1, MAX_SLOT_SEARCH_DAYS);
  for (let index = 0; index < days; index += 1) {
    const day = new Date(first + index * DAY).toISOString().slice(0, 10);
    // Past year 9999 a day is no longer YYYY-MM-DD: nothing there to offer.
    if (!isCalendarDate(day)) break;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    // The doctor's own grid stays (a slot starts where it always did); the clinic's hours only drop slots.
    const clinic = input.clinicHours ? input.clinicHours[weekday] : { open: '00:00', close: '24:00' };
    if (!clinic) continue;
    const clinicOpen = minutesOf(clinic.open);
    const clinicClose = minutesOf(clinic.close);
    for (const hours of input.hours) {
      if (!hours.isAvailable || hours.dayOfWeek !== weekday) continue;
      const open = minutesOf(hours.startTime);
      const close = minutesOf(hours.endTime);
      for (let start = open; start + input.slotMinutes <= close; start += input.slotMinutes) {
        if (start < clinicOpen || start + input.slotMinutes > clinicClose) continue;
        const startsAt = zonedInstant(day, clock(start), input.clinicTimeZone);
        if (!startsAt) continue;
        const endsAt = new Date(startsAt.getTime() + input.slotMinutes * MINUTE);
        if (startsAt.getTime() <= input.now.getTime()) continue;
        if (input.notBefore && startsAt < input.notBefore) continue;
        if (input.notAfter && startsAt >= input.notAfter) continue;
        if (busy.some((b) => b.startsAt < endsAt && startsAt < b.endsAt)) continue;
        slots.push({ startsAt, endsAt });
      }
    }
  }
  slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return slots.filter((slot, i) => i === 0 || slot.startsAt.getTime() !== slots[i - 1]!.startsAt.getTime());
}

/**
 * The instant a wall-clock date and time names in `timeZone`, or null when that time does not
 * exist there (the hour skipped when clocks go forward). An ambiguous time (clocks going back)
 * takes its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const candidates = [offsetAt(wall - 14 * 3_600_000, timeZone), offsetAt(wall + 14 * 3_600_000, timeZone)]
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  for (const instant of candidates) {
    if (wallClock(new Date(instant), timeZone) === `${date}T${time.slice(0, 5)}`) return new Date(instant);
  }
  return null;
}

/** "YYYY-MM-DDTHH:mm" of an instant in `timeZone`. */
export function wallClock(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** Milliseconds `timeZone` is ahead of UTC at an instant. */
function offsetAt(at: number, timeZone: string): number {
  const [date, time] = wallClock(new Date(at), timeZone).split('T') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const floored = Math.floor(at / MINUTE) * MINUTE;
  return Date.UTC(y, m - 1, d, hh, mm) - floored;
}

export function nextDate(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
