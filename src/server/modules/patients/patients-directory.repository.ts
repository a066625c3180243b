import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
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

/** Name (either order) or record number containing `pattern`. */
function matches(pattern: string | SQL) {
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, pattern),
    ilike(patientProfiles.medicalRecordNumber, pattern),
  );
}

function buildPage(db: Database, shape: string, scope: SQL, searched: boolean) {
  return db
    .select({ ...summaryColumns, total: sql<number>`(count(*) over ())::int` })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(and(scope, searched ? matches(sql`${sql.placeholder('search')}`) : undefined))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`patient_directory_${shape}${searched ? '_search' : ''}`);
}

/**
 * A page of the directory is the busiest list: its statement is prepared once per kind of caller
 * (and database handle), so each request only binds the caller's id and the page.
 */
const prepared = new WeakMap<Database, Map<string, ReturnType<typeof buildPage>>>();

function pageStatement(db: Database, shape: string, scope: SQL, searched: boolean) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  const key = `${shape}:${searched}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = buildPage(db, shape, scope, searched);
    statements.set(key, statement);
  }
  return statement;
}

export class PatientsDirectoryRepository extends Repository {
  /**
   * A page of the patients in the caller's reach, and how many there are in all, in one statement
   * (the total rides along each row). One audit event names every patient the page returned.
   */
  async list(filters: { search?: string; page: number; pageSize: number }): Promise<{ rows: PatientSummaryRow[]; total: number }> {
    const scoped = this.scope.preparedCondition(patientProfiles.userId);
    const searched = Boolean(filters.search);
    const found = await pageStatement(this.db, scoped.shape, scoped.condition, searched).execute({
      ...scoped.values,
      search: searched ? containsPattern(filters.search!) : '',
      limit: filters.pageSize,
      offset: (filters.page - 1) * filters.pageSize,
    });
    let total = found[0]?.total ?? 0;
    if (found.length === 0 && filters.page > 1) {
      // Past the last page no row carries the total: count on its own (rare).
      const search = filters.search ? containsPattern(filters.search) : undefined;
      const [counted] = await this.db
        .select({ n: count() })
        .from(patientProfiles)
        .innerJoin(users, eq(users.id, patientProfiles.userId))
        .where(and(this.scope.condition(patientProfiles.userId), search ? matches(search) : undefined));
      total = counted?.n ?? 0;
    }
    const rows = found.map(({ total: _total, ...row }) => row);
    // The search text is not recorded: it may be a patient's name.
    this.audit.read(
      'patient.list',
      'patient',
      null,
      rows.map((row) => row.id),
      { page: filters.page, count: rows.length, searched },
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
