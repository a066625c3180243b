import type { ProfileUpdate } from '../../../contracts/profile';
import type { SessionUser } from '../../../contracts/user';
import { isSupportedLanguage } from '../../../contracts/languages';
import type { UserSettings } from '../../../contracts/user-settings';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import {
  UsersRepository,
  type EmergencyContactColumns,
  type PatientProfileColumns,
  type ProfileColumns,
  type SettingsColumns,
  type UserWithProfile,
} from './users.repository';

/** An emergency contact without a relationship is the "Emergency Contact". */
export const DEFAULT_RELATIONSHIP = 'Emergency Contact';

/** Spec §3 "User (as normalised by the client)": what the signed-in user may see of themself. */
export function toSessionUser(row: NonNullable<UserWithProfile>): SessionUser {
  const { user, profile } = row;
  const hasContact = Boolean(profile?.emergencyContactName || profile?.emergencyContactPhone);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`,
    role: user.role,
    position: user.position,
    avatar: user.avatarUrl,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    address: user.address,
    isFirstTimeLogin: user.isFirstTimeLogin,
    mfaEnabled: user.mfaEnabled,
    preferredLanguage: user.preferredLanguage,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    medicalRecordNumber: profile?.medicalRecordNumber ?? null,
    bloodType: profile?.bloodType ?? null,
    allergies: profile?.reportedAllergies ?? [],
    medications: profile?.reportedMedications ?? [],
    medicalHistory: profile?.reportedConditions ?? [],
    emergencyContact: hasContact
      ? {
          name: profile?.emergencyContactName ?? '',
          phone: profile?.emergencyContactPhone ?? '',
          relationship: profile?.emergencyContactRelationship || DEFAULT_RELATIONSHIP,
        }
      : null,
    country: user.country,
    insuranceProvider: profile?.insuranceProvider ?? null,
    insurancePolicyNumber: profile?.insurancePolicyNumber ?? null,
  };
}

/** Who is acting, for the audit trail. */
export type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

export interface UsersServiceOptions {
  /** Needed by the methods that change something (they are audited). */
  audit?: AuditLog;
  now?: () => Date;
}

const blankToNull = (value: string | undefined | null) => (value === undefined ? undefined : value === null || value === '' ? null : value);

export class UsersService {
  private readonly repository: UsersRepository;
  private readonly now: () => Date;

  constructor(
    db: Database,
    private readonly options: UsersServiceOptions = {},
  ) {
    this.repository = new UsersRepository(db);
    this.now = options.now ?? (() => new Date());
  }

  async sessionUser(userId: string): Promise<SessionUser> {
    const row = await this.repository.findWithProfile(userId);
    if (!row) throw AppError.notFound();
    return toSessionUser(row);
  }

  // Spec §3 Settings, §7 GET/PUT /api/user/settings

  /** The user's settings; defaults (no theme or language chosen, biometric sign-in off) until first saved. */
  async settings(userId: string): Promise<UserSettings> {
    const [row, user] = await Promise.all([this.repository.findSettings(userId), this.repository.findWithProfile(userId)]);
    if (!user) throw AppError.notFound();
    const language = row?.language && isSupportedLanguage(row.language) ? row.language : null;
    return {
      theme: row?.theme ?? null,
      language,
      notifications: {
        appointments: row?.notifyAppointments ?? true,
        labResults: row?.notifyLabResults ?? true,
        messages: row?.notifyMessages ?? true,
        system: row?.notifySystem ?? true,
      },
      security: { biometricEnabled: row?.biometricEnabled ?? false, mfaEnabled: user.user.mfaEnabled },
    };
  }

  async updateSettings(
    userId: string,
    changes: {
      theme?: 'light' | 'dark';
      language?: string;
      security?: { biometricEnabled?: boolean };
      notifications?: Partial<UserSettings['notifications']>;
    },
    audit: AuditContext,
  ): Promise<UserSettings> {
    const notify = changes.notifications ?? {};
    const columns: SettingsColumns = {
      ...(changes.theme === undefined ? {} : { theme: changes.theme }),
      ...(changes.language === undefined ? {} : { language: changes.language }),
      ...(changes.security?.biometricEnabled === undefined ? {} : { biometricEnabled: changes.security.biometricEnabled }),
      ...(notify.appointments === undefined ? {} : { notifyAppointments: notify.appointments }),
      ...(notify.labResults === undefined ? {} : { notifyLabResults: notify.labResults }),
      ...(notify.messages === undefined ? {} : { notifyMessages: notify.messages }),
      ...(notify.system === undefined ? {} : { notifySystem: notify.system }),
    };
    await this.repository.upsertSettings(userId, columns, this.now());
    await this.auditLog().record({
      ...audit,
      action: 'settings.update',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
      details: { fields: Object.keys(columns) },
    });
    return this.settings(userId);
  }

  // Spec §7 PUT /api/user/profile/{id}: one's own profile only (the route answers 404 for any other id).

  /**
   * Updates the given fields of the user's own profile. The emergency contact lives on the patient
   * profile: for patients it is written (null clears it; the relationship defaults to "Emergency
   * Contact"); other roles have no patient profile and the field is ignored.
   */
  async updateProfile(userId: string, input: ProfileUpdate, audit: AuditContext): Promise<SessionUser> {
    const existing = await this.repository.findWithProfile(userId);
    if (!existing) throw AppError.notFound();
    const isPatient = existing.user.role === 'patient' && existing.profile !== null;

    const columns: ProfileColumns = {
      ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
      ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
      ...(input.phone === undefined ? {} : { phone: blankToNull(input.phone) }),
      ...(input.dateOfBirth === undefined ? {} : { dateOfBirth: input.dateOfBirth }),
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.address === undefined ? {} : { address: blankToNull(input.address) }),
      ...(input.country === undefined ? {} : { country: input.country }),
    };
    let contact: EmergencyContactColumns | undefined;
    if (isPatient && input.emergencyContact !== undefined) {
      const given = input.emergencyContact;
      contact =
        given === null || (given.name === '' && given.phone === '')
          ? { emergencyContactName: null, emergencyContactPhone: null, emergencyContactRelationship: null }
          : {
              emergencyContactName: blankToNull(given.name) ?? null,
              emergencyContactPhone: blankToNull(given.phone) ?? null,
              emergencyContactRelationship: blankToNull(given.relationship) ?? DEFAULT_RELATIONSHIP,
            };
    }

    // Medical information as the patient reports it, and insurance: patients only (others have no patient profile).
    const medical: PatientProfileColumns = isPatient
      ? {
          ...(input.bloodType === undefined ? {} : { bloodType: input.bloodType }),
          ...(input.allergies === undefined ? {} : { reportedAllergies: input.allergies }),
          ...(input.medications === undefined ? {} : { reportedMedications: input.medications }),
          ...(input.medicalHistory === undefined ? {} : { reportedConditions: input.medicalHistory }),
          ...(input.insuranceProvider === undefined ? {} : { insuranceProvider: blankToNull(input.insuranceProvider) }),
          ...(input.insurancePolicyNumber === undefined ? {} : { insurancePolicyNumber: blankToNull(input.insurancePolicyNumber) }),
        }
      : {};
    const profileChanges: PatientProfileColumns = { ...(contact ?? {}), ...medical };

    const now = this.now();
    await this.repository.transaction(async (repository) => {
      await repository.updateUser(userId, columns, now);
      if (Object.keys(profileChanges).length > 0) await repository.updatePatientProfile(userId, profileChanges);
    });
    await this.auditLog().record({
      ...audit,
      action: 'profile.update',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
      patientId: isPatient ? userId : null,
      // Which fields changed, never their values (PHI).
      details: { fields: [...Object.keys(columns), ...(contact ? ['emergencyContact'] : []), ...Object.keys(medical)] },
    });
    return this.sessionUser(userId);
  }

  private auditLog(): AuditLog {
    if (!this.options.audit) throw new Error('UsersService needs the audit log to change data');
    return this.options.audit;
  }
}
