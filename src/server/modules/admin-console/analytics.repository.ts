import { sql, type SQL } from 'drizzle-orm';
import {
  appointmentDoctorDayCounts,
  appointmentDoctorMonthCounts,
  appointmentQuarterCounts,
  appointments,
  doctorProfiles,
  users,
} from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';
import { utcSpans } from './utc-spans';

// The analytics' counts. Over the whole clinic they come from the counts kept ahead per UTC quarter
// hour, day and month (db/schema/appointment-counts.ts), so a year is a few thousand rows whatever
// the clinic's size; narrowed to one doctor or one specialty they come from that handful of doctors'
// own appointments. Figures are counts, never a patient's health information.

export interface AnalyticsFilter {
  from: string;
  to: string;
  timeZone: string;
  unit: 'day' | 'week';
  doctorId?: string;
  specialty?: string;
}

/** The period's appointments counted per day, status and type, and per doctor and status. */
export interface AppointmentFigures {
  days: { day: string; status: string; type: string; n: number }[];
  doctors: { doctorId: string; status: string; n: number }[];
}

/** Dates go to SQL as ISO text with an explicit cast: both drivers read it the same way. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A timestamp from either driver (a Date, or text from a raw query). */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** Every row's condition "column in one of the spans [first, end)", false when there are none. */
function inSpans<T>(column: SQL, spans: [T, T][], cast: (value: T) => SQL): SQL {
  if (spans.length === 0) return sql`false`;
  return sql`(${sql.join(
    spans.map(([first, end]) => sql`(${column} >= ${cast(first)} and ${column} < ${cast(end)})`),
    sql` or `,
  )})`;
}

export class AnalyticsRepository extends Repository {
  private async rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** The instants the clinic's calendar days [from, to] span: from its midnight to the one after `to`. */
  private span(filter: AnalyticsFilter): { starts: SQL; ends: SQL } {
    return {
      starts: sql`(${filter.from}::date::timestamp at time zone ${filter.timeZone})`,
      ends: sql`((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`,
    };
  }

  private bucket(column: SQL, filter: AnalyticsFilter): SQL {
    return sql`to_char(date_trunc(${filter.unit}, ${column} at time zone ${filter.timeZone}), 'YYYY-MM-DD')`;
  }

  /**
   * Every appointment figure of the period: counts per calendar day (the clinic's), status and type,
   * and per doctor and status. The service rolls days up into weeks and weekdays.
   */
  appointmentFigures(filter: AnalyticsFilter): Promise<AppointmentFigures> {
    return filter.doctorId || filter.specialty ? this.narrowedFigures(filter) : this.clinicFigures(filter);
  }

  /**
   * The whole clinic's figures from the kept counts. Each quarter hour's count goes to the clinic day
   * it falls on: every time zone's offset is a whole number of quarter hours, so a quarter hour never
   * straddles two days. Per doctor, the period's whole UTC months and days are read from their
   * counts, and the hours at either end (where the clinic's midnight is not UTC's) from the
   * appointments.
   */
  private async clinicFigures(filter: AnalyticsFilter): Promise<AppointmentFigures> {
    const { starts, ends } = this.span(filter);
    const zone = filter.timeZone;
    const q = appointmentQuarterCounts;
    const [days, [bounds]] = await Promise.all([
      this.rows<{ day: string; status: string; type: string; n: number }>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, status, type, n from (
          select (${q.quarter} at time zone ${zone})::date as day, ${q.status} as status, ${q.type} as type, sum(${q.n})::int as n
          from ${q} where ${q.quarter} >= ${starts} and ${q.quarter} < ${ends}
          group by 1, 2, 3
        ) c`),
      this.rows<{ starts: unknown; ends: unknown }>(sql`select ${starts} as starts, ${ends} as ends`),
    ]);
    const spans = utcSpans(asDate(bounds!.starts), asDate(bounds!.ends));
    const months = appointmentDoctorMonthCounts;
    const dayCounts = appointmentDoctorDayCounts;
    const doctors = await this.rows<{ doctor_id: string; status: string; n: number }>(sql`
      select doctor_id, status, sum(n)::int as n from (
        select ${months.doctorId} as doctor_id, ${months.status} as status, ${months.n} as n from ${months}
        where ${inSpans(sql`${months.month}`, spans.months ? [spans.months] : [], (day) => sql`${day}::date`)}
        union all
        select ${dayCounts.doctorId}, ${dayCounts.status}, ${dayCounts.n} from ${dayCounts}
        where ${inSpans(sql`${dayCounts.day}`, spans.days, (day) => sql`${day}::date`)}
        union all
        select a.doctor_id, a.status, 1 from ${appointments} a where ${inSpans(sql`a.starts_at`, spans.instants, ts)}
      ) c
      group by doctor_id, status`);
    return {
      days: days.map((row) => ({ day: row.day, status: row.status, type: row.type, n: Number(row.n) })),
      doctors: doctors.map((row) => ({ doctorId: row.doctor_id, status: row.status, n: Number(row.n) })),
    };
  }

  /**
   * One doctor's or one specialty's figures, from those doctors' appointments through the index by
   * doctor and start, which holds status and type too: a few doctors' year is a few thousand index
   * entries. Starts are first counted per quarter hour, plain arithmetic, and only those counts are
   * turned into the clinic's days.
   */
  private async narrowedFigures(filter: AnalyticsFilter): Promise<AppointmentFigures> {
    const { starts, ends } = this.span(filter);
    const d = doctorProfiles;
    const doctors = sql`select ${d.userId} from ${d} where true
      ${filter.doctorId ? sql`and ${d.userId} = ${filter.doctorId}` : sql``}
      ${filter.specialty ? sql`and ${d.specialty} = ${filter.specialty}` : sql``}`;
    const rows = await this.rows<{ day: string | null; doctor_id: string | null; status: string; type: string | null; n: number }>(sql`
      with counted as (
        select date_bin(interval '15 minutes', a.starts_at, timestamptz '2000-01-01') as quarter, a.doctor_id, a.status, a.type,
          count(*)::int as n
        from ${appointments} a
        where a.doctor_id in (${doctors}) and a.starts_at >= ${starts} and a.starts_at < ${ends}
        group by grouping sets ((1, a.status, a.type), (a.doctor_id, a.status))
      )
      select to_char((quarter at time zone ${filter.timeZone})::date, 'YYYY-MM-DD') as day, null::uuid as doctor_id, status, type,
        sum(n)::int as n
      from counted where quarter is not null group by 1, status, type
      union all
      select null, doctor_id, status, null, n from counted where doctor_id is not null`);
    const figures: AppointmentFigures = { days: [], doctors: [] };
    for (const row of rows) {
      const n = Number(row.n);
      if (row.day !== null) figures.days.push({ day: row.day, status: row.status, type: row.type!, n });
      else if (row.doctor_id !== null) figures.doctors.push({ doctorId: row.doctor_id, status: row.status, n });
    }
    return figures;
  }

  /**
   * Patient accounts created per bucket of the clinic's calendar days [from, to]. As for
   * appointments, registrations are counted per quarter hour first and only those counts are turned
   * into the clinic's days.
   */
  async newPatients(filter: AnalyticsFilter): Promise<{ bucket: string; n: number }[]> {
    const { starts, ends } = this.span(filter);
    const rows = await this.rows<{ bucket: string; n: number }>(sql`
      select ${this.bucket(sql`quarter`, filter)} as bucket, sum(n)::int as n from (
        select date_bin(interval '15 minutes', u.created_at, timestamptz '2000-01-01') as quarter, count(*)::int as n
        from ${users} u
        where u.role = 'patient' and u.created_at >= ${starts} and u.created_at < ${ends}
        group by 1
      ) c
      group by 1`);
    return rows.map((row) => ({ bucket: row.bucket, n: Number(row.n) }));
  }

  /** Every doctor with a profile, for the doctor filter. */
  async doctors(): Promise<{ id: string; firstName: string; lastName: string; specialty: string }[]> {
    const rows = await this.rows(sql`
      select d.user_id as id, u.first_name, u.last_name, d.specialty
      from ${doctorProfiles} d join ${users} u on u.id = d.user_id
      order by lower(u.last_name), lower(u.first_name), d.user_id`);
    return rows.map((row) => ({
      id: String(row.id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      specialty: String(row.specialty),
    }));
  }

  noteRead(details: Record<string, unknown>): void {
    this.audit.note({ action: 'analytics.read', resourceType: 'organisation', details });
  }
}
