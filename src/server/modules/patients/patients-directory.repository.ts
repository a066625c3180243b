import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { patientProfiles, users } from '../../db/schema';
import type { PatientScope } from '../../platform/patient-scope';

// Reads of patients for the directory, always through the caller's scope: a query cannot be
// written here without it, so no route can list or read a patient outside the caller's reach.

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

export class PatientsDirectoryRepository {
  constructor(private readonly db: Database) {}

  async list(
    scope: PatientScope,
    filters: { search?: string; page: number; pageSize: number },
  ): Promise<{ rows: PatientSummaryRow[]; total: number }> {
    const search = filters.search ? containsPattern(filters.search) : undefined;
    const where = and(
      scope.condition(patientProfiles.userId),
      search
        ? or(
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
            ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, search),
            ilike(patientProfiles.medicalRecordNumber, search),
          )
        : undefined,
    );
    const rows = await this.db
      .select(summaryColumns)
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    const [counted] = await this.db
      .select({ n: count() })
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(where);
    return { rows, total: counted?.n ?? 0 };
  }

  /** The patient, or undefined when missing or out of the caller's reach (the caller cannot tell which). */
  async find(scope: PatientScope, patientId: string): Promise<PatientDetailRow | undefined> {
    const [row] = await this.db
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
      .where(and(eq(patientProfiles.userId, patientId), scope.condition(patientProfiles.userId)))
      .limit(1);
    return row;
  }
}
