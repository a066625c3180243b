import { and, asc, count, countDistinct, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { appointments, clinics, doctorProfiles, patientProfiles, users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// The landing page's aggregates. Counts over everyone, never a row of anyone: no patient's data
// leaves, so nothing is scoped to the caller (who is anonymous) and nothing is noted on the audit.

/** The raw aggregates behind the landing page's figures; every query returns a number, never a row. */
export interface StatsCounts {
  activeUsers: number;
  conditionsRecorded: number;
  /** Sum of rating × reviews and the number of reviews, over doctors that have a rating. */
  ratingPoints: number;
  reviews: number;
  clinicIds: string[];
  /** Appointments (not cancelled) starting today, and the distinct patients coming in person. */
  appointmentsToday: number;
  inPersonPatientsToday: number;
}

export class PublicStatsRepository extends Repository {
  /** `now` decides which day is today; `timeZone` (IANA) where that day begins and ends. */
  async counts(now: Date, timeZone: string): Promise<StatsCounts> {
    const today = todayIn(now, timeZone);
    const [[active], [conditions], [ratings], clinicRows, [visits]] = await Promise.all([
      this.db.select({ value: count() }).from(users).where(eq(users.isActive, true)),
      // Until the problem list exists, the conditions patients have on record are their reported
      // medical history (given at registration).
      this.db
        .select({ value: sql<string>`coalesce(sum(cardinality(${patientProfiles.reportedConditions})), 0)` })
        .from(patientProfiles)
        .innerJoin(users, eq(users.id, patientProfiles.userId))
        .where(eq(users.isActive, true)),
      this.db
        .select({
          points: sql<string>`coalesce(sum(${doctorProfiles.rating} * ${doctorProfiles.reviewCount}), 0)`,
          reviews: sql<string>`coalesce(sum(${doctorProfiles.reviewCount}), 0)`,
        })
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .where(sql`${users.isActive} and ${doctorProfiles.rating} is not null`),
      this.db.select({ id: clinics.id }).from(clinics).orderBy(asc(clinics.name)),
      this.db
        .select({
          appointments: count(),
          inPersonPatients: countDistinct(sql`case when ${appointments.type} = 'in-person' then ${appointments.patientId} end`),
        })
        .from(appointments)
        .where(and(gte(appointments.startsAt, today.start), lt(appointments.startsAt, today.end), ne(appointments.status, 'cancelled'))),
    ]);
    return {
      activeUsers: Number(active?.value ?? 0),
      conditionsRecorded: Number(conditions?.value ?? 0),
      ratingPoints: Number(ratings?.points ?? 0),
      reviews: Number(ratings?.reviews ?? 0),
      clinicIds: clinicRows.map((row) => row.id),
      appointmentsToday: Number(visits?.appointments ?? 0),
      inPersonPatientsToday: Number(visits?.inPersonPatients ?? 0),
    };
  }
}

/** The day `now` falls on in `timeZone`, as the instants it starts and ends (computed by the database). */
function todayIn(now: Date, timeZone: string): { start: SQL; end: SQL } {
  const day = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone})`;
  return {
    start: sql`(${day} at time zone ${timeZone})`,
    end: sql`((${day} + interval '1 day') at time zone ${timeZone})`,
  };
}
