import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../../../contracts/appointments';
import {
  ANALYTICS_DAILY_UP_TO_DAYS,
  ANALYTICS_DEFAULT_DAYS,
  type Analytics,
  type AnalyticsQuery,
  type AppointmentBucket,
} from '../../../contracts/analytics';
import { addCalendarDays, dayNumber } from '../../../contracts/dates';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { AnalyticsRepository, type AnalyticsFilter, type RateRow } from './admin-console.repository';

// Analytics, first part. The database counts; this service only fills the period's empty days or
// weeks with zeros and divides. A period is the clinic's calendar days from `from` to `to`, both
// counted; without one, the last ANALYTICS_DEFAULT_DAYS days up to today.

export interface AnalyticsOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
}

/** The calendar day `now` falls on in `timeZone` (YYYY-MM-DD). */
export function calendarDayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The Monday of the ISO week a calendar day is in. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addCalendarDays(day, -((weekday + 6) % 7));
}

/** Every bucket of the period, in order: each day, or each week's Monday. */
export function bucketsOf(from: string, to: string, unit: 'day' | 'week'): string[] {
  const buckets: string[] = [];
  const step = unit === 'day' ? 1 : 7;
  for (let day = unit === 'day' ? from : mondayOf(from); day <= to; day = addCalendarDays(day, step)) buckets.push(day);
  return buckets;
}

function withRates<T extends RateRow>(row: T): T & { noShowRate: number | null; cancellationRate: number | null } {
  return {
    ...row,
    noShowRate: row.due === 0 ? null : row.noShows / row.due,
    cancellationRate: row.total === 0 ? null : row.cancelled / row.total,
  };
}

export class AnalyticsService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: AnalyticsOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** The period a query asks about: its own days, or the default ones up to today on the clinic's calendar. */
  period(query: Pick<AnalyticsQuery, 'from' | 'to'>): { from: string; to: string } {
    const today = calendarDayIn(this.clock(), this.options.clinic.timeZone());
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    return { from: query.from ?? addCalendarDays(to, -(ANALYTICS_DEFAULT_DAYS - 1)), to };
  }

  overview(ctx: AccessContext, query: AnalyticsQuery): Promise<Analytics> {
    const timeZone = this.options.clinic.timeZone();
    const { from, to } = this.period(query);
    const days = dayNumber(to) - dayNumber(from) + 1;
    const unit = days <= ANALYTICS_DAILY_UP_TO_DAYS ? 'day' : 'week';
    const filter: AnalyticsFilter = { from, to, timeZone, unit, doctorId: query.doctorId, specialty: query.specialty };
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(AnalyticsRepository);
      const [counts, byDoctor, byWeekday, registrations, doctors] = await Promise.all([
        repository.appointmentCounts(filter),
        repository.byDoctor(filter),
        repository.byWeekday(filter),
        repository.newPatients(filter),
        repository.doctors(),
      ]);
      repository.noteRead({ from, to, doctorId: query.doctorId ?? null, specialty: query.specialty ?? null });
      const buckets = bucketsOf(from, to, unit);
      const appointments = new Map<string, AppointmentBucket>(
        buckets.map((bucket) => [
          bucket,
          {
            bucket,
            statuses: Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])) as AppointmentBucket['statuses'],
            types: Object.fromEntries(APPOINTMENT_TYPES.map((type) => [type, 0])) as AppointmentBucket['types'],
            total: 0,
          },
        ]),
      );
      for (const row of counts) {
        const bucket = appointments.get(row.bucket);
        if (!bucket) continue;
        bucket.statuses[row.status as keyof AppointmentBucket['statuses']] += row.n;
        bucket.types[row.type as keyof AppointmentBucket['types']] += row.n;
        bucket.total += row.n;
      }
      const registered = new Map(registrations.map((row) => [row.bucket, row.n]));
      const weekdays = new Map(byWeekday.map((row) => [row.weekday, row]));
      return {
        from,
        to,
        granularity: unit,
        clinicTimeZone: timeZone,
        appointments: [...appointments.values()],
        byDoctor: byDoctor.map(withRates),
        byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
          withRates(weekdays.get(weekday) ?? { weekday, total: 0, due: 0, noShows: 0, cancelled: 0 }),
        ),
        newPatients: buckets.map((bucket) => ({ bucket, count: registered.get(bucket) ?? 0 })),
        doctors,
      };
    });
  }
}
