import { count } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client';
import { Random } from '../factories';
import { users } from '../schema';
import { seedDemoAccess } from './demo-access';
import { seedDemoClinicalHistory } from './demo-clinical';
import { seedDemoDoctorDay } from './demo-doctor-day';
import { seedDemoLeave } from './demo-leave';
import { seedDemoFrontDesk, seedFrontDeskPatients } from './demo-front-desk';
import { seedDemoMessages } from './demo-messages';
import { seedDemoNoteTemplates } from './demo-note-templates';
import { seedDemoOrders } from './demo-orders';
import { seedDemoParking } from './demo-parking';
import { seedDemoPeople } from './demo-people';
import { seedDemoOrganisationSettings } from './demo-organisation';
import { seedDemoRegistrations } from './demo-registrations';

const SEED_LOCK = 7_201_002;

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

  // The clinics first: every demo doctor works at one of them.
  const clinicIds = await seedDemoOrganisationSettings(db);
  await seedDemoPeople(db, random, clinicIds);
  await seedDemoAccess(db);
  await seedFrontDeskPatients(db);
  await seedDemoClinicalHistory(db, { timeZone });
  await seedDemoDoctorDay(db, { timeZone });
  await seedDemoFrontDesk(db, { timeZone });
  await seedDemoParking(db, { timeZone });
  await seedDemoOrders(db);
  await seedDemoRegistrations(db);
  await seedDemoNoteTemplates(db);
  await seedDemoLeave(db, { timeZone });
  await seedDemoMessages(db);
}
