// A period of the clinic's calendar is a span of instants, [starts, ends), whose ends fall at the
// clinic's midnights: anywhere in a UTC day. The counts kept per UTC month and per UTC day cover its
// whole months and whole days; what is left at either end (less than a day) is counted from the
// appointments themselves. Each instant of the period lies in exactly one of the three.

const DAY_MS = 86_400_000;

export interface UtcSpans {
  /** Whole UTC months, [first, end) as the first day of each month (YYYY-MM-DD), or none. */
  months: [string, string] | null;
  /** Whole UTC days outside those months, each [first, end) (YYYY-MM-DD). */
  days: [string, string][];
  /** Instants outside whole days, each [starts, ends). */
  instants: [Date, Date][];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first instant of the UTC month `ms` falls in, or of the next one when `ms` is past its start. */
function monthStart(ms: number, roundUp: boolean): number {
  const date = new Date(ms);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return roundUp && start < ms ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) : start;
}

export function utcSpans(starts: Date, ends: Date): UtcSpans {
  const from = starts.getTime();
  const to = ends.getTime();
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const endDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) return { months: null, days: [], instants: from < to ? [[starts, ends]] : [] };
  const instants: [Date, Date][] = [];
  if (from < firstDay) instants.push([starts, new Date(firstDay)]);
  if (endDay < to) instants.push([new Date(endDay), ends]);
  const firstMonth = monthStart(firstDay, true);
  const endMonth = monthStart(endDay, false);
  if (firstMonth >= endMonth) return { months: null, days: [[dayOf(firstDay), dayOf(endDay)]], instants };
  const days: [string, string][] = [];
  if (firstDay < firstMonth) days.push([dayOf(firstDay), dayOf(firstMonth)]);
  if (endMonth < endDay) days.push([dayOf(endMonth), dayOf(endDay)]);
  return { months: [dayOf(firstMonth), dayOf(endMonth)], days, instants };
}
