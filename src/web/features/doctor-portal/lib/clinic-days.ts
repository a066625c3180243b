import { addCalendarDays } from '../../../../contracts/dates';

// Calendar days of the clinic's zone, written YYYY-MM-DD. The server says which day is today there;
// moving between days and weeks is plain calendar arithmetic on those strings, so the browser's own
// zone never shifts a visit onto another day.

/** The clinic's calendar day of an instant. */
export function clinicDateOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Monday to Sunday around `date`. */
export function weekAround(date: string): { from: string; to: string } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const from = addCalendarDays(date, -((weekday + 6) % 7));
  return { from, to: addCalendarDays(from, 6) };
}

/** Every calendar day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}
