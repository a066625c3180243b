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
import { AnalyticsRepository, type AnalyticsFilter } from './analytics.repository';

// Analytics, first part. The database counts per calendar day; this service rolls the days up into
// weeks and weekdays, fills the period's empty days or weeks with zeros and divides. A period is the
// clinic's calendar days from `from` to `to`, both counted; without one, the last
// ANALYTICS_DEFAULT_DAYS days up to today.

export interface AnalyticsOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
}

/** The calendar day `now` falls on in `timeZone` (YYYY-MM-DD). */
export function calendarDayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the ISO week a calendar day is in. */
function mondayOf(day: string): string {
  return addCalendarDays(day, 1 - isoWeekday(day));
}

/** Appointments of a period: how many, how many were due (completed or no-show), no-shows, cancellations. */
interface RateRow {
  total: number;
  due: number;
  noShows: number;
  cancelled: number;
}

/** Adds `n` appointments of `status` to the rates kept under `key`. */
function addTo<K>(rates: Map<K, RateRow>, key: K, status: string, n: number): void {
  const row = rates.get(key) ?? { total: 0, due: 0, noShows: 0, cancelled: 0 };
  row.total += n;
  if (status === 'completed' || status === 'no-show') row.due += n;
  if (status === 'no-show') row.noShows += n;
  if (status === 'cancelled') row.cancelled += n;
  rates.set(key, row);
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
      const [figures, registrations, doctors] = await Promise.all([
        repository.appointmentFigures(filter),
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
      const byWeekday = new Map<number, RateRow>();
      for (const row of figures.days) {
        addTo(byWeekday, isoWeekday(row.day), row.status, row.n);
        const bucket = appointments.get(unit === 'day' ? row.day : mondayOf(row.day));
        if (!bucket) continue;
        bucket.statuses[row.status as keyof AppointmentBucket['statuses']] += row.n;
        bucket.types[row.type as keyof AppointmentBucket['types']] += row.n;
        bucket.total += row.n;
      }
      const byDoctor = new Map<string, RateRow>();
      for (const row of figures.doctors) addTo(byDoctor, row.doctorId, row.status, row.n);
      const registered = new Map(registrations.map((row) => [row.bucket, row.n]));
      return {
        from,
        to,
        granularity: unit,
        clinicTimeZone: timeZone,
        appointments: [...appointments.values()],
        // The doctors who had appointments in the period, in the doctor list's order (by name).
        byDoctor: doctors.flatMap((doctor) => {
          const rates = byDoctor.get(doctor.id);
          return rates
            ? [
                withRates({
                  doctorId: doctor.id,
                  firstName: doctor.firstName,
                  lastName: doctor.lastName,
                  specialty: doctor.specialty,
                  ...rates,
                }),
              ]
            : [];
        }),
        byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
          withRates({ weekday, ...(byWeekday.get(weekday) ?? { total: 0, due: 0, noShows: 0, cancelled: 0 }) }),
        ),
        newPatients: buckets.map((bucket) => ({ bucket, count: registered.get(bucket) ?? 0 })),
        doctors,
      };
    });
  }
}
