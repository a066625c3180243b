import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { DESK_REGISTRATION, type DuplicateReason, type PossibleDuplicate } from '../../../contracts/desk-registration';
import { patientProfiles, users, type NewPatientProfileRow, type NewUserRow } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { Repository } from '../../platform/unit-of-work';

// The front desk's registration of walk-in patients. Looking for possible duplicates has to see
// every patient (a person registered twice is found wherever they are), so the match itself is
// not scoped; what leaves is a name and a birth date per match, and the id only of a patient the
// caller may open. Every patient named is noted on the request's audit event.

export interface DuplicateCandidate {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phone: string;
}

/** A phone number as its digits, so "+1 (555) 010-2000" and "15550102000" are one number. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[^0-9]/g, '');
}

export class DeskRegistrationRepository extends Repository {
  /** Patients who may be the person about to be registered, by each rule they meet; noted. */
  async duplicates(candidate: DuplicateCandidate): Promise<PossibleDuplicate[]> {
    const rows = await this.matches(candidate);
    // Nothing typed is recorded (it names a person); only how many were found.
    this.audit.read(
      'patient.duplicates',
      'patient',
      null,
      rows.map((row) => row.id),
      { count: rows.length },
    );
    return rows.map((row) => {
      const reasons: DuplicateReason[] = [];
      if (row.byName) reasons.push('name-and-birth-date');
      if (row.byEmail) reasons.push('email');
      if (row.byPhone) reasons.push('phone');
      return {
        id: row.reachable ? row.id : null,
        firstName: row.firstName,
        lastName: row.lastName,
        dateOfBirth: row.dateOfBirth,
        reasons,
      };
    });
  }

  /** How many patients may be this person: a count, naming nobody (the creation notes it). */
  async duplicateCount(candidate: DuplicateCandidate): Promise<number> {
    return (await this.matches(candidate)).length;
  }

  private async matches(candidate: DuplicateCandidate) {
    const digits = phoneDigits(candidate.phone);
    const byName = and(
      sql`lower(${users.firstName}) = lower(${candidate.firstName})`,
      sql`lower(${users.lastName}) = lower(${candidate.lastName})`,
      eq(users.dateOfBirth, candidate.dateOfBirth),
    )!;
    // users.email is citext: equal in any letter case.
    const byEmail = eq(users.email, candidate.email);
    const byPhone: SQL = digits ? sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') = ${digits}` : sql`false`;
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        dateOfBirth: users.dateOfBirth,
        byName: sql<boolean>`(${byName})`,
        byEmail: sql<boolean>`(${byEmail})`,
        byPhone: sql<boolean>`(${byPhone})`,
        reachable: sql<boolean>`(${this.scope.condition(users.id)})`,
      })
      .from(users)
      .innerJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .where(and(eq(users.role, 'patient'), or(byName, byEmail, byPhone)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(DESK_REGISTRATION.maxDuplicates);
  }

  /** Whether any account (patient or not) has this address, in any letter case. */
  async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return row !== undefined;
  }

  /** A refused registration, noted without naming anyone (the address is not recorded). */
  refused(reason: 'email-taken' | 'possible-duplicate'): void {
    this.audit.note({ action: 'patient.desk-register', outcome: 'failure', resourceType: 'user', details: { reason } });
  }

  /**
   * The patient's user row (without a password: the invitation sets it) and profile; the record
   * number is the database sequence's. Noted under the new patient.
   */
  async create(
    user: NewUserRow,
    profile: Omit<NewPatientProfileRow, 'medicalRecordNumber' | 'userId'>,
    details: { possibleDuplicates: number },
  ): Promise<{ id: string; email: string; firstName: string; lastName: string; medicalRecordNumber: string }> {
    const [created] = await this.db
      .insert(users)
      .values(user)
      .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
    const [stored] = await this.db
      .insert(patientProfiles)
      .values({ ...profile, userId: created!.id })
      .returning({ medicalRecordNumber: patientProfiles.medicalRecordNumber });
    this.audit.note({
      action: 'patient.desk-register',
      resourceType: 'user',
      resourceId: created!.id,
      patients: [created!.id],
      details,
    });
    return { ...created!, medicalRecordNumber: stored!.medicalRecordNumber };
  }

  /** The invitation leaves once the write commits. */
  invite(message: MailMessage): void {
    this.effects.mail(message);
  }
}
