import { count } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { SPECIALTIES } from '../../../contracts/specialties';
import type { Database, DatabaseHandle } from '../client';
import { createDoctor, createPatient, createUser, Random } from '../factories';
import { users } from '../schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoAccess } from './demo-access';
import { seedDemoClinicalHistory } from './demo-clinical';
import { seedDemoDoctorDay } from './demo-doctor-day';
import { seedDemoLeave } from './demo-leave';
import { seedDemoFrontDesk, seedFrontDeskPatients } from './demo-front-desk';
import { seedDemoMessages } from './demo-messages';
import { seedDemoNoteTemplates } from './demo-note-templates';
import { seedDemoOrders } from './demo-orders';
import { seedDemoOrganisationSettings } from './demo-organisation';
import { seedDemoRegistrations } from './demo-registrations';

const SEED_LOCK = 7_201_002;
const DOCTORS_PER_SPECIALTY = 2;
const EXTRA_PATIENTS = 24;

export interface SeedResult {
  seeded: boolean;
  users: number;
}

/**
 * Builds the demo organisation when the database has no users, in one transaction: a crash
 * mid-seed leaves an empty database that the next start seeds again, never half an organisation.
 */
export interface SeedOptions {
  /** The clinic's IANA time zone (CLINIC_TIME_ZONE); appointments fall in clinic hours there. UTC by default. */
  timeZone?: string;
}

export async function seedDemoOrganisation(handle: DatabaseHandle, options: SeedOptions = {}): Promise<SeedResult> {
  return handle.withExclusiveLock(SEED_LOCK, async () => {
    const [existing] = await handle.db.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return { seeded: false, users: existing!.n };
    await handle.db.transaction(async (tx) => {
      await buildOrganisation(tx as unknown as Database, options.timeZone ?? 'UTC');
    });
    const [after] = await handle.db.select({ n: count() }).from(users);
    return { seeded: true, users: after?.n ?? 0 };
  });
}

async function buildOrganisation(db: Database, timeZone: string): Promise<void> {
  const random = new Random();

  for (const account of DEMO_ACCOUNTS) {
    const overrides = {
      email: account.email,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
      position: account.position ?? null,
      isFirstTimeLogin: account.firstTimeLogin ?? false,
      // The MFA demo account signs in with a second factor (TOTP, RFC 6238): a secret of its own in
      // every database; the login screen shows its current code in demo mode.
      ...(account.mfa ? { mfaEnabled: true, mfaSecret: generateSecret({ length: 20 }) } : {}),
    };
    if (account.role === 'patient') {
      await createPatient(db, random, overrides);
    } else if (account.role === 'doctor') {
      const specialty = SPECIALTIES.find((s) => s.key === (account.specialty ?? 'family-medicine'))!;
      await createDoctor(db, random, specialty, { ...overrides, profile: { verified: true, hospital: 'Caredeck Central Hospital' } });
    } else {
      await createUser(db, random, { ...overrides, role: account.role });
    }
  }

  for (const specialty of SPECIALTIES) {
    for (let i = 0; i < DOCTORS_PER_SPECIALTY; i += 1) await createDoctor(db, random, specialty);
  }
  for (let i = 0; i < EXTRA_PATIENTS; i += 1) await createPatient(db, random);
  for (const position of ['nurse', 'billing', 'pharmacy', 'records']) {
    await createUser(db, random, { role: 'staff', position });
  }
  await seedDemoAccess(db);
  await seedFrontDeskPatients(db);
  await seedDemoClinicalHistory(db, { timeZone });
  await seedDemoDoctorDay(db, { timeZone });
  await seedDemoFrontDesk(db, { timeZone });
  await seedDemoOrders(db);
  await seedDemoRegistrations(db);
  await seedDemoOrganisationSettings(db);
  await seedDemoNoteTemplates(db);
  await seedDemoLeave(db, { timeZone });
  await seedDemoMessages(db);
}
