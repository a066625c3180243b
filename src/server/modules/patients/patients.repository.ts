import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientProfiles, users, type NewPatientProfileRow, type NewUserRow } from '../../db/schema';

/** PostgreSQL's unique_violation: the database, not a prior look-up, decides that an email is taken. */
const UNIQUE_VIOLATION = '23505';
const EMAIL_CONSTRAINT = 'users_email_unique';

/**
 * True when `error` is the unique violation of users.email. Drizzle wraps driver errors (the
 * PostgreSQL fields are on `cause`); PGlite and node-postgres both carry `code` and `constraint`.
 */
export function isEmailTaken(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || constraint === EMAIL_CONSTRAINT;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class PatientsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction with a repository (and the transaction itself) bound to it. */
  transaction<T>(fn: (repository: PatientsRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => {
      const bound = tx as unknown as Database;
      return fn(new PatientsRepository(bound), bound);
    });
  }

  /** The account holding this address (any letter case), to tell its holder of a registration attempt. */
  async holderOf(email: string): Promise<{ id: string; email: string } | undefined> {
    const [row] = await this.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    return row;
  }

  async insertUser(row: NewUserRow): Promise<{ id: string; email: string; firstName: string; lastName: string }> {
    const [created] = await this.db
      .insert(users)
      .values(row)
      .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
    return created!;
  }

  /** Inserts the profile; the medical record number is the column default (the database sequence). */
  async insertProfile(row: Omit<NewPatientProfileRow, 'medicalRecordNumber'>): Promise<{ medicalRecordNumber: string }> {
    const [created] = await this.db
      .insert(patientProfiles)
      .values(row)
      .returning({ medicalRecordNumber: patientProfiles.medicalRecordNumber });
    return created!;
  }
}
