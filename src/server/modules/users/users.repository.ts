import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patientProfiles, users, userSettings, type NewUserRow, type PatientProfileRow } from '../../db/schema';

export type UserWithProfile = Awaited<ReturnType<UsersRepository['findWithProfile']>>;

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

export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repository: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new UsersRepository(tx as unknown as Database)));
  }

  /** A user with their patient profile (null for other roles). Scoped by the caller: services pass the actor's own id. */
  async findWithProfile(userId: string) {
    const [row] = await this.db
      .select({ user: users, profile: patientProfiles })
      .from(users)
      .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async findSettings(userId: string) {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row ?? null;
  }

  /** Creates the settings row on first save; only the given columns change. */
  async upsertSettings(userId: string, changes: SettingsColumns, now: Date): Promise<void> {
    await this.db
      .insert(userSettings)
      .values({ userId, ...changes, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: now } });
  }

  async updateUser(userId: string, changes: ProfileColumns, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId));
  }

  async updatePatientProfile(userId: string, changes: PatientProfileColumns): Promise<void> {
    await this.db.update(patientProfiles).set(changes).where(eq(patientProfiles.userId, userId));
  }
}
