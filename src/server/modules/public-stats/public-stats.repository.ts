import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinics, doctorProfiles, patientProfiles, users } from '../../db/schema';

/** The raw aggregates behind the landing page's figures; every query returns a number, never a row. */
export interface StatsCounts {
  activeUsers: number;
  conditionsRecorded: number;
  /** Sum of rating × reviews and the number of reviews, over doctors that have a rating. */
  ratingPoints: number;
  reviews: number;
  clinicIds: string[];
}

export class PublicStatsRepository {
  constructor(private readonly db: Database) {}

  async counts(): Promise<StatsCounts> {
    const [[active], [conditions], [ratings], clinicRows] = await Promise.all([
      this.db.select({ value: count() }).from(users).where(eq(users.isActive, true)),
      // Until the problem list exists, the conditions patients have on record are their reported
      // medical history (registration payload, spec §3).
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
    ]);
    return {
      activeUsers: Number(active?.value ?? 0),
      conditionsRecorded: Number(conditions?.value ?? 0),
      ratingPoints: Number(ratings?.points ?? 0),
      reviews: Number(ratings?.reviews ?? 0),
      clinicIds: clinicRows.map((row) => row.id),
    };
  }
}
