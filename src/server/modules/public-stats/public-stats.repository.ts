import { and, asc, count, countDistinct, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { appointments, clinics, doctorProfiles, patientProfiles, problems, users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// The landing page's aggregates. Counts over everyone, never a row of anyone: no patient's data
// leaves, so nothing is scoped to the caller (who is anonymous) and nothing is noted on the audit.

/** The raw aggregates behind the landing page's figures; every query returns a number, never a row. */
export interface StatsCounts {
  activeUsers: number;
  /** Conditions active patients reported at registration, and entries on their problem lists. */
  conditionsRecorded: number;
  problemsRecorded: number;
  /** Sum of rating × reviews and the number of reviews, over doctors that have a rating. */
  ratingPoints: number;
  reviews: number;
  clinicIds: string[];
  /** Appointments (not cancelled) starting today, and the distinct patients coming in person. */
  appointmentsToday: number;
  inPersonPatientsToday: number;
  /** The distinct in-person patients today by the clinic their doctor works at (absent: none today). */
  inPersonPatientsByClinic: Map<string, number>;
}

export class PublicStatsRepository extends Repository {
  /** `now` decides which day is today; `timeZone` (IANA) where that day begins and ends. */
  async counts(now: Date, timeZone: string): Promise<StatsCounts> {
    const today = todayIn(now, timeZone);
    const notCancelledToday = and(
      gte(appointments.startsAt, today.start),
      lt(appointments.startsAt, today.end),
      ne(appointments.status, 'cancelled'),
    );
    const [[active], [conditions], [problemEntries], [ratings], clinicRows, [visits], byClinic] = await Promise.all([
      this.db.select({ value: count() }).from(users).where(eq(users.isActive, true)),
      // Reported medical history (given at registration) and the problem list are both conditions
      // on record; a condition in both counts in each, as two records of it exist.
      this.db
        .select({ value: sql<string>`coalesce(sum(cardinality(${patientProfiles.reportedConditions})), 0)` })
        .from(patientProfiles)
        .innerJoin(users, eq(users.id, patientProfiles.userId))
        .where(eq(users.isActive, true)),
      this.db.select({ value: count() }).from(problems).innerJoin(users, eq(users.id, problems.patientId)).where(eq(users.isActive, true)),
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
        .where(notCancelledToday),
      // A clinic's patients are those of the doctors who work there; a doctor of no clinic counts under null.
      this.db
        .select({ clinicId: doctorProfiles.clinicId, patients: countDistinct(appointments.patientId) })
        .from(appointments)
        .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
        .where(and(notCancelledToday, eq(appointments.type, 'in-person')))
        .groupBy(doctorProfiles.clinicId),
    ]);
    return {
      activeUsers: Number(active?.value ?? 0),
      conditionsRecorded: Number(conditions?.value ?? 0),
      problemsRecorded: Number(problemEntries?.value ?? 0),
      ratingPoints: Number(ratings?.points ?? 0),
      reviews: Number(ratings?.reviews ?? 0),
      clinicIds: clinicRows.map((row) => row.id),
      appointmentsToday: Number(visits?.appointments ?? 0),
      inPersonPatientsToday: Number(visits?.inPersonPatients ?? 0),
      inPersonPatientsByClinic: new Map(byClinic.flatMap((row) => (row.clinicId ? [[row.clinicId, Number(row.patients)] as const] : []))),
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
