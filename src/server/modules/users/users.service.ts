import type { ProfileUpdate } from '../../../contracts/profile';
import type { SessionUser } from '../../../contracts/user';
import { isSupportedLanguage } from '../../../contracts/languages';
import type { UserSettings } from '../../../contracts/user-settings';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
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

/** What the signed-in user may see of themself: the session user the web keeps. */
export function toSessionUser(row: UserWithProfile): SessionUser {
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

export interface UsersServiceOptions {
  now?: () => Date;
}

export type SettingsUpdate = {
  theme?: 'light' | 'dark';
  language?: string;
  security?: { biometricEnabled?: boolean };
  notifications?: Partial<UserSettings['notifications']>;
};

const blankToNull = (value: string | undefined | null) => (value === undefined ? undefined : value === null || value === '' ? null : value);

// The signed-in user's own account: the session user, settings and profile. Whose account is the
// caller's; the repository notes each change on the request's one audit event.
export class UsersService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    options: UsersServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The account as its holder sees it: the caller's own, or the one a sign-in has just proved. */
  sessionUser(ctx: AccessContext, userId: string): Promise<SessionUser> {
    return this.uow.read(ctx, (work) => this.sessionUserIn(work, userId));
  }

  /** `sessionUser` inside another module's unit of work (a sign-in that writes its session). */
  async sessionUserIn(work: Work, userId: string): Promise<SessionUser> {
    const row = await work.use(UsersRepository).account(userId);
    if (!row) throw AppError.notFound();
    return toSessionUser(row);
  }

  /** The caller's settings; defaults (no theme or language chosen, biometric sign-in off) until first saved. */
  settings(ctx: AccessContext): Promise<UserSettings> {
    return this.uow.read(ctx, (work) => this.settingsIn(work));
  }

  updateSettings(ctx: AccessContext, changes: SettingsUpdate): Promise<UserSettings> {
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
    return this.uow.write(ctx, async (work) => {
      await work.use(UsersRepository).saveSettings(columns, this.now());
      return this.settingsIn(work);
    });
  }

  /**
   * PUT /api/user/profile/{id}: updates the given fields of the caller's own profile (any other id
   * answers 404). The emergency contact lives on the patient profile: for patients it is written
   * (null clears it; the relationship defaults to "Emergency Contact"); other roles have no patient
   * profile and the field is ignored.
   */
  updateProfile(ctx: AccessContext, id: string, input: ProfileUpdate): Promise<SessionUser> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(UsersRepository);
      const existing = await repository.ownAccount(id, 'profile.update');
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

      await repository.updateProfile(
        columns,
        { ...(contact ?? {}), ...medical },
        { isPatient, fields: [...Object.keys(columns), ...(contact ? ['emergencyContact'] : []), ...Object.keys(medical)] },
        this.now(),
      );
      return this.sessionUserIn(work, existing.user.id);
    });
  }

  /** 404 for a profile id that is not the caller's: checked before the body is read. */
  assertOwnProfile(ctx: AccessContext, id: string | undefined): void {
    if (id !== ctx.user.userId) throw AppError.notFound();
  }

  private async settingsIn(work: Work): Promise<UserSettings> {
    const repository = work.use(UsersRepository);
    const [row, user] = await Promise.all([repository.ownSettings(), repository.ownAccount(work.ctx.user.userId, 'settings.read')]);
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
}
