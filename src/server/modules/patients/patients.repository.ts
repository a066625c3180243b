import { eq } from 'drizzle-orm';
import { patientProfiles, users, type NewPatientProfileRow, type NewUserRow } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { Repository } from '../../platform/unit-of-work';

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

/** Creates accounts of self-registered patients, in the write it runs in. */
export class PatientsRepository extends Repository {
  /**
   * When the address already has an account (any letter case), mails its holder instead of
   * registering anyone, and notes the refused attempt without the address. True when it did.
   */
  async tellHolderOf(email: string, notice: (holder: { email: string }) => MailMessage): Promise<boolean> {
    const [holder] = await this.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (!holder) return false;
    this.audit.note({ action: 'patient.register', outcome: 'failure', resourceType: 'user', details: { reason: 'email-taken' } });
    this.effects.mail(notice(holder));
    return true;
  }

  /**
   * The patient's user row and profile; the medical record number is the column default (the
   * database sequence). Noted under the new patient; the welcome mail leaves after the commit.
   */
  async register(
    user: NewUserRow,
    profile: Omit<NewPatientProfileRow, 'medicalRecordNumber' | 'userId'>,
    welcome: (created: { id: string; email: string; firstName: string }) => MailMessage,
  ): Promise<{ id: string; email: string; firstName: string; lastName: string; medicalRecordNumber: string }> {
    const [created] = await this.db
      .insert(users)
      .values(user)
      .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
    const [stored] = await this.db
      .insert(patientProfiles)
      .values({ ...profile, userId: created!.id })
      .returning({ medicalRecordNumber: patientProfiles.medicalRecordNumber });
    this.audit.note({ action: 'patient.register', resourceType: 'user', resourceId: created!.id, patients: [created!.id] });
    this.effects.mail(welcome(created!));
    return { ...created!, medicalRecordNumber: stored!.medicalRecordNumber };
  }
}
