import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like-pattern';
import { patientProfiles, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// Reads of patients for the directory, always through the caller's scope: a query cannot be
// written here without it, so no route can list or read a patient outside the caller's reach.
// Every patient whose data leaves the server is named on the request's audit event, so their
// access log shows it; a miss is noted without naming anyone.

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  dateOfBirth: users.dateOfBirth,
  gender: users.gender,
  medicalRecordNumber: patientProfiles.medicalRecordNumber,
};

export interface PatientSummaryRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  medicalRecordNumber: string;
}

export interface PatientDetailRow extends PatientSummaryRow {
  address: string | null;
  preferredLanguage: string | null;
  country: string | null;
  bloodType: string;
  maritalStatus: string | null;
  occupation: string | null;
  insuranceProvider: string | null;
  insurancePolicyNumber: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  emergencyContactRelationship: string | null;
  reportedAllergies: string[];
  reportedMedications: string[];
  reportedConditions: string[];
}

export class PatientsDirectoryRepository extends Repository {
  /**
   * A page of the patients in the caller's reach, and how many there are in all, in one statement
   * (the total rides along each row). One audit event names every patient the page returned.
   */
  async list(filters: { search?: string; page: number; pageSize: number }): Promise<{ rows: PatientSummaryRow[]; total: number }> {
    const search = filters.search ? containsPattern(filters.search) : undefined;
    const where = and(
      this.scope.condition(patientProfiles.userId),
      search
        ? or(
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
            ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, search),
            ilike(patientProfiles.medicalRecordNumber, search),
          )
        : undefined,
    );
    const found = await this.db
      .select({ ...summaryColumns, total: sql<number>`(count(*) over ())::int` })
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    let total = found[0]?.total ?? 0;
    if (found.length === 0 && filters.page > 1) {
      // Past the last page no row carries the total: count on its own (rare).
      const [counted] = await this.db
        .select({ n: count() })
        .from(patientProfiles)
        .innerJoin(users, eq(users.id, patientProfiles.userId))
        .where(where);
      total = counted?.n ?? 0;
    }
    const rows = found.map(({ total: _total, ...row }) => row);
    // The search text is not recorded: it may be a patient's name.
    this.audit.read(
      'patient.list',
      'patient',
      null,
      rows.map((row) => row.id),
      { page: filters.page, count: rows.length, searched: Boolean(filters.search) },
    );
    return { rows, total };
  }

  /** The patient; 404 when missing or out of the caller's reach (the caller cannot tell which). */
  async find(patientId: string): Promise<PatientDetailRow> {
    const [row] = isUuid(patientId)
      ? await this.db
          .select({
            ...summaryColumns,
            address: users.address,
            preferredLanguage: users.preferredLanguage,
            country: users.country,
            bloodType: patientProfiles.bloodType,
            maritalStatus: patientProfiles.maritalStatus,
            occupation: patientProfiles.occupation,
            insuranceProvider: patientProfiles.insuranceProvider,
            insurancePolicyNumber: patientProfiles.insurancePolicyNumber,
            emergencyContactName: patientProfiles.emergencyContactName,
            emergencyContactPhone: patientProfiles.emergencyContactPhone,
            emergencyContactRelationship: patientProfiles.emergencyContactRelationship,
            reportedAllergies: patientProfiles.reportedAllergies,
            reportedMedications: patientProfiles.reportedMedications,
            reportedConditions: patientProfiles.reportedConditions,
          })
          .from(patientProfiles)
          .innerJoin(users, eq(users.id, patientProfiles.userId))
          .where(and(eq(patientProfiles.userId, patientId), this.scope.condition(patientProfiles.userId)))
          .limit(1)
      : [];
    if (!row) {
      this.audit.missed('patient.read', 'patient', patientId);
      throw AppError.notFound();
    }
    this.audit.read('patient.read', 'patient', row.id, [row.id], { clinical: this.scope.phiAccess });
    return row;
  }

  /** Whether the caller may see clinical fields of the patients they reach. */
  get clinical(): boolean {
    return this.scope.phiAccess;
  }
}
