import { randomUUID } from 'node:crypto';
import { generateSecret } from 'otplib';
import { SPECIALTIES, type Specialty } from '../../../contracts/specialties';
import { hashPassword } from '../../platform/passwords';
import type { Database } from '../client';
import { buildAvailability, buildDoctorProfile, buildPatientProfile, buildUser, type Random } from '../factories';
import {
  doctorAvailability,
  doctorProfiles,
  patientProfiles,
  users,
  type NewDoctorProfileRow,
  type NewPatientProfileRow,
  type NewUserRow,
} from '../schema';
import { DEMO_ACCOUNTS } from './demo-accounts';

// The demo organisation's people: the demo accounts, two doctors per specialty, more patients and
// the staff positions. Built with the factories' builders, drawing from `random` in the same order
// as creating them one by one did (so the same seed makes the same people), then written in one
// statement per table instead of three per person.

const DOCTORS_PER_SPECIALTY = 2;
const EXTRA_PATIENTS = 24;
const STAFF_POSITIONS = ['nurse', 'billing', 'pharmacy', 'records'];

/** Rows per statement: each row binds a parameter per column, and PGlite parses very long lists slowly. */
const ROWS_PER_STATEMENT = 100;

interface People {
  users: NewUserRow[];
  patients: NewPatientProfileRow[];
  doctors: NewDoctorProfileRow[];
  availability: ReturnType<typeof buildAvailability>;
}

/** `clinicIds` names the demo clinics' ids: a doctor whose hospital is a clinic's name works there. */
export async function seedDemoPeople(db: Database, random: Random, clinicIds: ReadonlyMap<string, string>): Promise<void> {
  // The demo passwords are hashed with the usual cost, all at once: argon2 runs on Node's thread
  // pool, so the hashes are computed side by side instead of one after another.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  const people: People = { users: [], patients: [], doctors: [], availability: [] };

  DEMO_ACCOUNTS.forEach((account, index) => {
    const overrides = {
      email: account.email,
      passwordHash: hashes[index]!,
      firstName: account.firstName,
      lastName: account.lastName,
      position: account.position ?? null,
      isFirstTimeLogin: account.firstTimeLogin ?? false,
      // The MFA demo account signs in with a second factor (TOTP, RFC 6238): a secret of its own in
      // every database; the login screen shows its current code in demo mode.
      ...(account.mfa ? { mfaEnabled: true, mfaSecret: generateSecret({ length: 20 }) } : {}),
    };
    if (account.role === 'patient') {
      addPatient(people, random, overrides);
    } else if (account.role === 'doctor') {
      const specialty = SPECIALTIES.find((s) => s.key === (account.specialty ?? 'family-medicine'))!;
      addDoctor(people, random, specialty, overrides, { verified: true, hospital: 'Caredeck Central Hospital' });
    } else {
      addUser(people, random, { ...overrides, role: account.role });
    }
  });
  for (const specialty of SPECIALTIES) {
    for (let i = 0; i < DOCTORS_PER_SPECIALTY; i += 1) addDoctor(people, random, specialty);
  }
  for (let i = 0; i < EXTRA_PATIENTS; i += 1) addPatient(people, random);
  for (const position of STAFF_POSITIONS) addUser(people, random, { role: 'staff', position });

  // Patient profiles in the order the people were made: their medical record numbers come from a
  // sequence, row by row.
  await insertInChunks(db, users, people.users);
  await insertInChunks(db, patientProfiles, people.patients);
  const placed = people.doctors.map((doctor) => ({ ...doctor, clinicId: clinicIds.get(doctor.hospital) ?? null }));
  await insertInChunks(db, doctorProfiles, placed);
  await insertInChunks(db, doctorAvailability, people.availability);
}

function addUser(people: People, random: Random, overrides: Partial<NewUserRow>): NewUserRow & { id: string } {
  const user = { ...buildUser(random, overrides), id: randomUUID(), passwordHash: overrides.passwordHash ?? null };
  people.users.push(user);
  return user;
}

function addPatient(people: People, random: Random, overrides: Partial<NewUserRow> = {}): void {
  const user = addUser(people, random, { role: 'patient', ...overrides });
  people.patients.push({ userId: user.id, ...buildPatientProfile(random) });
}

function addDoctor(
  people: People,
  random: Random,
  specialty: Specialty,
  overrides: Partial<NewUserRow> = {},
  profile: Partial<Omit<NewDoctorProfileRow, 'userId'>> = {},
): void {
  const user = addUser(people, random, { role: 'doctor', ...overrides });
  people.doctors.push({ userId: user.id, ...buildDoctorProfile(random, user, specialty), ...profile });
  people.availability.push(...buildAvailability(random, user.id));
}

async function insertInChunks<T extends typeof users | typeof patientProfiles | typeof doctorProfiles | typeof doctorAvailability>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db.insert(table).values(rows.slice(start, start + ROWS_PER_STATEMENT) as never);
  }
}
