import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { clinics, doctorAvailability, doctorProfiles, users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// Queries of the public doctor directory. Only active doctor accounts are listed, and only the
// columns below are read: an email, phone or password hash never reaches the service. Nothing here
// is patient data, so nothing is scoped to the caller or noted on the audit event.

const publicColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  specialty: doctorProfiles.specialty,
  department: doctorProfiles.department,
  // A doctor at one of the organisation's clinics works at the clinic as it is named now, so a
  // rename shows at once; the typed hospital stands for a doctor of no clinic.
  hospital: sql<string>`coalesce(${clinics.name}, ${doctorProfiles.hospital})`,
  experienceYears: doctorProfiles.experienceYears,
  rating: doctorProfiles.rating,
  reviewCount: doctorProfiles.reviewCount,
  consultationFee: doctorProfiles.consultationFee,
  qualifications: doctorProfiles.qualifications,
  bio: doctorProfiles.bio,
  languages: doctorProfiles.languages,
  telemedicineEnabled: doctorProfiles.telemedicineEnabled,
  verified: doctorProfiles.verified,
};

export type DoctorRow = {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  specialty: string;
  department: string | null;
  hospital: string;
  experienceYears: number;
  rating: string | null;
  reviewCount: number;
  consultationFee: string | null;
  qualifications: string[];
  bio: string | null;
  languages: string[];
  telemedicineEnabled: boolean;
  verified: boolean;
};

export interface DoctorFilters {
  specialty?: string;
  q?: string;
  language?: string;
  telemedicine?: boolean;
  page: number;
  pageSize: number;
}

/** LIKE wildcards in what a person typed are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const listed = and(eq(users.role, 'doctor'), eq(users.isActive, true));

export class DoctorsRepository extends Repository {
  async list(filters: DoctorFilters): Promise<{ rows: DoctorRow[]; total: number }> {
    const where = and(
      listed,
      filters.specialty ? sql`lower(${doctorProfiles.specialty}) = lower(${filters.specialty})` : undefined,
      filters.q ? ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(filters.q)) : undefined,
      filters.language
        ? sql`exists (select 1 from unnest(${doctorProfiles.languages}) as spoken(name) where lower(spoken.name) = lower(${filters.language}))`
        : undefined,
      filters.telemedicine === undefined ? undefined : eq(doctorProfiles.telemedicineEnabled, filters.telemedicine),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(publicColumns)
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .leftJoin(clinics, eq(clinics.id, doctorProfiles.clinicId))
        .where(where)
        // The id last: a stable order, so paging never shows a doctor twice or skips one.
        .orderBy(asc(doctorProfiles.specialty), sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize),
      this.db.select({ n: count() }).from(doctorProfiles).innerJoin(users, eq(users.id, doctorProfiles.userId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async findById(id: string): Promise<DoctorRow | null> {
    const [row] = await this.db
      .select(publicColumns)
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .leftJoin(clinics, eq(clinics.id, doctorProfiles.clinicId))
      .where(and(listed, eq(users.id, id)));
    return row ?? null;
  }

  async availability(doctorId: string) {
    return this.db
      .select({
        dayOfWeek: doctorAvailability.dayOfWeek,
        startTime: doctorAvailability.startTime,
        endTime: doctorAvailability.endTime,
        isAvailable: doctorAvailability.isAvailable,
      })
      .from(doctorAvailability)
      .where(eq(doctorAvailability.doctorId, doctorId))
      .orderBy(asc(doctorAvailability.dayOfWeek), asc(doctorAvailability.startTime));
  }
}
