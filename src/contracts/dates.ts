import { z } from 'zod';

// Every date a request carries lies in a sane window, so no date can reach the database or a loop
// outside what either handles: calendar days and instants between 1900 and 2200, an appointment
// within a bounded time around today, a range of a bounded length. The schemas here are shared by
// every contract that takes a date; their messages are validation keys (validation-messages.ts).

export const DATE_WINDOW = { earliest: '1900-01-01', latest: '2200-12-31' } as const;

/** Appointments (booking, rescheduling, free slots) lie at most this many days ahead of today… */
export const APPOINTMENT_DAYS_AHEAD = 730;
/** …and at most this many days behind it (a past day simply has no free slot). */
export const APPOINTMENT_DAYS_BEHIND = 31;

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (no 30 February, no 13th month). */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export function isInDateWindow(day: string): boolean {
  return day >= DATE_WINDOW.earliest && day <= DATE_WINDOW.latest;
}

/** Days from 1970-01-01 to a calendar day (NaN for anything else). */
export function dayNumber(day: string): number {
  return isCalendarDate(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : Number.NaN;
}

/** The calendar day `days` after `day` (UTC calendar arithmetic). */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's UTC calendar day. */
function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** A calendar day within DATE_WINDOW. */
export function boundedDateSchema(invalid: string = 'date.invalid') {
  return z
    .string(invalid)
    .max(10, invalid)
    .refine(isCalendarDate, invalid)
    .refine((day) => !isCalendarDate(day) || isInDateWindow(day), 'date.outOfRange');
}

/** A form's optional calendar day: '' for none, else a day within DATE_WINDOW (a filter's from / to). */
export function optionalDaySchema(invalid: string = 'date.invalid') {
  return z
    .string(invalid)
    .trim()
    .max(10, invalid)
    .refine((day) => day === '' || isCalendarDate(day), invalid)
    .refine((day) => !isCalendarDate(day) || isInDateWindow(day), 'date.outOfRange');
}

/** Whether an instant falls within DATE_WINDOW (an unreadable one is left to the format check). */
export function isInstantInWindow(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isFinite(time) || isInDateWindow(new Date(time).toISOString().slice(0, 10));
}

/** An ISO 8601 instant with its offset (or Z), within DATE_WINDOW. */
export function boundedInstantSchema(invalid: string = 'date.invalid') {
  return z.iso.datetime({ offset: true, message: invalid }).max(40, invalid).refine(isInstantInWindow, 'date.outOfRange');
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The UTC calendar day of a calendar day or an ISO 8601 instant, or undefined when it is neither. */
function utcDayOf(value: string): string | undefined {
  if (isCalendarDate(value)) return value;
  if (!INSTANT.test(value) || !isCalendarDate(value.slice(0, 10))) return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : undefined;
}

/** A calendar day (YYYY-MM-DD, UTC) or an ISO 8601 instant with its offset, within DATE_WINDOW. */
export function boundedDayOrInstantSchema(invalid: string = 'date.invalid') {
  return z
    .string(invalid)
    .max(40, invalid)
    .refine((value) => utcDayOf(value) !== undefined, invalid)
    .refine((value) => {
      const day = utcDayOf(value);
      return day === undefined || isInDateWindow(day);
    }, 'date.outOfRange');
}

/** An appointment's calendar day: within DATE_WINDOW and within the appointment window around today. */
export function appointmentDateSchema() {
  return boundedDateSchema().refine((day) => {
    if (!isCalendarDate(day)) return true;
    const today = dayNumber(todayUtc());
    const offset = dayNumber(day) - today;
    return offset >= -APPOINTMENT_DAYS_BEHIND && offset <= APPOINTMENT_DAYS_AHEAD;
  }, 'date.appointmentWindow');
}

/** Whether `from` ≤ `to`, where both are given and readable (calendar days or instants). */
export function isOrderedRange(from: string | undefined, to: string | undefined): boolean {
  if (!from || !to) return true;
  const [a, b] = [Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from), Date.parse(to.length === 10 ? `${to}T00:00:00Z` : to)];
  return !Number.isFinite(a) || !Number.isFinite(b) || a <= b;
}

/** Whether the calendar days from `from` to `to` (both counted) number at most `maxDays`. */
export function isRangeWithin(from: string | undefined, to: string | undefined, maxDays: number): boolean {
  if (!from || !to) return true;
  const [a, b] = [Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from), Date.parse(to.length === 10 ? `${to}T00:00:00Z` : to)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return true;
  return (b - a) / DAY_MS < maxDays;
}
