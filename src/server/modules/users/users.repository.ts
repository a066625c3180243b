import { eq } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import { patientProfiles, users, userSettings, type NewUserRow, type PatientProfileRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { Repository } from '../../platform/unit-of-work';

// A user's own account, settings and profile. What the caller changes is their own: the owner is
// the caller of the work, never an id from the request, and an id that is not the caller's answers
// 404 like a missing one. Each change is noted on the request's audit event by field name only.

export type UserWithProfile = NonNullable<Awaited<ReturnType<UsersRepository['account']>>>;

export type ProfileColumns = Partial<
  Pick<NewUserRow, 'firstName' | 'lastName' | 'phone' | 'dateOfBirth' | 'gender' | 'address' | 'country'>
>;
/** The patient-profile fields a patient may change themself (medical information as reported, insurance). */
export type PatientProfileColumns = Partial<
  Pick<
    PatientProfileRow,
    | 'emergencyContactName'
    | 'emergencyContactPhone'
    | 'emergencyContactRelationship'
    | 'bloodType'
    | 'reportedAllergies'
    | 'reportedMedications'
    | 'reportedConditions'
    | 'insuranceProvider'
    | 'insurancePolicyNumber'
  >
>;
export type EmergencyContactColumns = Pick<
  PatientProfileRow,
  'emergencyContactName' | 'emergencyContactPhone' | 'emergencyContactRelationship'
>;

export interface SettingsColumns {
  theme?: 'light' | 'dark';
  language?: string;
  biometricEnabled?: boolean;
  notifyAppointments?: boolean;
  notifyLabResults?: boolean;
  notifyMessages?: boolean;
  notifySystem?: boolean;
}

export class UsersRepository extends Repository {
  private get self(): string {
    return this.work.ctx.user.userId;
  }

  /**
   * A user with their patient profile (null for other roles), or null. Only for the account the
   * caller holds: their own, or the one a sign-in has just proved (before the session exists).
   */
  async account(userId: string) {
    const [row] = await this.db
      .select({ user: users, profile: patientProfiles })
      .from(users)
      .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** The caller's own account; 404, noted without naming anyone, for any other id. */
  async ownAccount(id: string, action: AuditActionCode): Promise<UserWithProfile> {
    const row = id === this.self ? await this.account(id) : null;
    if (!row) {
      this.audit.missed(action, 'user', null);
      throw AppError.notFound();
    }
    return row;
  }

  /** The caller's settings row, or null before the first save. */
  async ownSettings() {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, this.self));
    return row ?? null;
  }

  /** Creates the caller's settings row on first save; only the given columns change. */
  async saveSettings(changes: SettingsColumns, now: Date): Promise<void> {
    const userId = this.self;
    await this.db
      .insert(userSettings)
      .values({ userId, ...changes, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: now } });
    this.audit.note({ action: 'settings.update', resourceType: 'user', resourceId: userId, details: { fields: Object.keys(changes) } });
  }

  /**
   * Changes the caller's own user row and, for a patient, their patient profile. `fields` names
   * what changed for the audit event, never the values (PHI).
   */
  async updateProfile(
    changes: ProfileColumns,
    profileChanges: PatientProfileColumns,
    audit: { isPatient: boolean; fields: string[] },
    now: Date,
  ): Promise<void> {
    const userId = this.self;
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId));
    if (Object.keys(profileChanges).length > 0) {
      await this.db.update(patientProfiles).set(profileChanges).where(eq(patientProfiles.userId, userId));
    }
    this.audit.note({
      action: 'profile.update',
      resourceType: 'user',
      resourceId: userId,
      patients: audit.isPatient ? [userId] : [],
      details: { fields: audit.fields },
    });
  }
}
