import type { Database } from '../client';
import { patientProfiles, type NewPatientProfileRow, type UserRow } from '../schema';
import { FIRST_NAMES, LAST_NAMES, Random } from './random';
import { createUser, type UserOverrides } from './users';

const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
const INSURERS = ['BlueShield Health', 'Meridian Care', 'Northstar Mutual', 'Unity Health Plan'] as const;
const OCCUPATIONS = ['Teacher', 'Software developer', 'Nurse', 'Electrician', 'Retired', 'Accountant', 'Student', 'Chef'] as const;
const RELATIONSHIPS = ['Spouse', 'Parent', 'Sibling', 'Child', 'Friend'] as const;

export type PatientOverrides = UserOverrides & { profile?: Partial<Omit<NewPatientProfileRow, 'userId'>> };

export function buildPatientProfile(random: Random): Omit<NewPatientProfileRow, 'userId'> {
  // The medical record number comes from the database sequence (see schema/patients.ts).
  return {
    bloodType: random.pick(BLOOD_TYPES),
    maritalStatus: random.pick(['single', 'married', 'divorced', 'widowed'] as const),
    occupation: random.pick(OCCUPATIONS),
    insuranceProvider: random.pick(INSURERS),
    insurancePolicyNumber: `POL-${random.int(100000, 999999)}`,
    emergencyContactName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    emergencyContactPhone: `+1 555 ${random.int(100, 999)} ${random.int(1000, 9999)}`,
    emergencyContactRelationship: random.pick(RELATIONSHIPS),
  };
}

export async function createPatient(
  db: Database,
  random: Random,
  overrides: PatientOverrides = {},
): Promise<{ user: UserRow; profile: NewPatientProfileRow }> {
  const { profile: profileOverrides, ...userOverrides } = overrides;
  const user = await createUser(db, random, { role: 'patient', ...userOverrides });
  const profile = { userId: user.id, ...buildPatientProfile(random), ...profileOverrides };
  await db.insert(patientProfiles).values(profile);
  return { user, profile };
}
