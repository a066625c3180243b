// Free slots arrive as UTC instants; whoever books (the patient, or the front desk on their behalf)
// sees and picks them by the days and clock times of one time zone, and the booking names that day
// and time with the zone.

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
