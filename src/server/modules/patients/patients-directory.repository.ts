import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PatientSort } from '../../../contracts/patient-directory';
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

/**
 * Name (either order) or record number containing `pattern`. Each table is searched on its own
 * trigram indexes and the ids joined with IN: an OR spanning both tables could use neither index
 * and read every patient (bench/patients-list.ts measures the difference).
 */
function matches(pattern: string | SQL) {
  return sql`${patientProfiles.userId} in (
    select ${users.id} from ${users}
      where (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} or (${users.lastName} || ' ' || ${users.firstName}) ilike ${pattern}
    union all
    select ${patientProfiles.userId} from ${patientProfiles} where ${patientProfiles.medicalRecordNumber} ilike ${pattern})`;
}

/**
 * The same match tested on each row in reach. For a caller who reaches only some patients (a
 * doctor's care set, a patient's own record) the planner then starts from those few and tests
 * each; with the IN form it may search everyone's names on the indexes first and intersect after,
 * which reads thousands of index entries for a common name (bench/chart.ts, "my patients").
 */
function matchesEachRow(pattern: string | SQL) {
  return sql`((${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} or (${users.lastName} || ' ' || ${users.firstName}) ilike ${pattern}
    or ${patientProfiles.medicalRecordNumber} ilike ${pattern})`;
}

/** The ORDER BY of each allowed sort, always ending on the id so that equal keys keep one order. */
function orderOf(sort: PatientSort): SQL[] {
  const direction = sort.startsWith('-') ? desc : asc;
  switch (sort) {
    case 'mrn':
    case '-mrn':
      return [direction(patientProfiles.medicalRecordNumber)];
    case 'dateOfBirth':
    case '-dateOfBirth':
      // Patients without a recorded date of birth come last either way.
      return [sql`${users.dateOfBirth} ${sql.raw(sort === 'dateOfBirth' ? 'asc' : 'desc')} nulls last`, asc(users.lastName), asc(users.id)];
    case 'name':
    case '-name':
      return [direction(users.lastName), direction(users.firstName), direction(users.id)];
  }
}

interface PageFilters {
  searched: boolean;
  born: boolean;
  sort: PatientSort;
}

function buildPage(db: Database, shape: string, scope: SQL, filters: PageFilters) {
  return db
    .select({ ...summaryColumns, total: sql<number>`(count(*) over ())::int` })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(
      and(
        scope,
        filters.searched ? (shape === 'all' ? matches : matchesEachRow)(sql`${sql.placeholder('search')}`) : undefined,
        filters.born ? sql`${users.dateOfBirth} = ${sql.placeholder('dateOfBirth')}::date` : undefined,
      ),
    )
    .orderBy(...orderOf(filters.sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(
      `patient_directory_${shape}${filters.searched ? '_search' : ''}${filters.born ? '_born' : ''}_${filters.sort.replace('-', 'desc_')}`,
    );
}

/**
 * A page of the directory is the busiest list: its statement is prepared once per kind of caller
 * (and database handle), so each request only binds the caller's id and the page.
 */
const prepared = new WeakMap<Database, Map<string, ReturnType<typeof buildPage>>>();

function pageStatement(db: Database, shape: string, scope: SQL, filters: PageFilters) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  const key = `${shape}:${filters.searched}:${filters.born}:${filters.sort}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = buildPage(db, shape, scope, filters);
    statements.set(key, statement);
  }
  return statement;
}

export class PatientsDirectoryRepository extends Repository {
  /**
   * A page of the patients in the caller's reach, and how many there are in all, in one statement
   * (the total rides along each row). One audit event names every patient the page returned.
   */
  async list(filters: {
    search?: string;
    dateOfBirth?: string;
    sort: PatientSort;
    page: number;
    pageSize: number;
  }): Promise<{ rows: PatientSummaryRow[]; total: number }> {
    const scoped = this.scope.preparedCondition(patientProfiles.userId);
    const searched = Boolean(filters.search);
    const born = Boolean(filters.dateOfBirth);
    const found = await pageStatement(this.db, scoped.shape, scoped.condition, { searched, born, sort: filters.sort }).execute({
      ...scoped.values,
      search: searched ? containsPattern(filters.search!) : '',
      dateOfBirth: filters.dateOfBirth ?? '',
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
        .where(
          and(
            this.scope.condition(patientProfiles.userId),
            search ? matches(search) : undefined,
            filters.dateOfBirth ? eq(users.dateOfBirth, filters.dateOfBirth) : undefined,
          ),
        );
      total = counted?.n ?? 0;
    }
    const rows = found.map(({ total: _total, ...row }) => row);
    // The search text is not recorded: it may be a patient's name.
    this.audit.read(
      'patient.list',
      'patient',
      null,
      rows.map((row) => row.id),
      { page: filters.page, count: rows.length, searched, byBirthDate: born, sort: filters.sort },
    );
    return { rows, total };
  }

  /** How many patients are in the caller's reach: a count, naming nobody (the caller notes why it asked). */
  async count(): Promise<number> {
    const [counted] = await this.db
      .select({ n: count() })
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(this.scope.condition(patientProfiles.userId));
    return Number(counted?.n ?? 0);
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
