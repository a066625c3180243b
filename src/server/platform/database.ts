import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { MAINTENANCE_LIMITS, openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDemoOrganisation } from '../db/seed';
import {
  DEMO_ACCOUNTS_RESTORED_MESSAGE,
  DEMO_ACCOUNTS_RETIRED_MESSAGE,
  restoreDemoAccounts,
  retireDemoAccounts,
} from '../db/seed/retire-demo-accounts';
import { startupPhase } from './startup-phases';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    database: DatabaseHandle;
  }
}

export interface DatabaseSetup {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  handle?: DatabaseHandle;
  /** Seed the demo organisation into an empty database. Defaults to the config's demo mode. */
  seed?: boolean;
}

/** Opens (or adopts) the database, brings its schema up to date and seeds it when asked. */
export async function registerDatabase(app: FastifyInstance, config: AppConfig, setup: DatabaseSetup): Promise<void> {
  const handle =
    setup.handle ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: config.databaseLimits }));
  const owned = !setup.handle;
  startupPhase('databaseOpen');
  app.decorate('database', handle);
  app.decorate('db', handle.db);
  // Close only what we opened; a handle passed in belongs to the caller.
  if (owned) app.addHook('onClose', async () => handle.close());

  // Migrations and the seed may run longer than a request may, and wait for another instance's
  // migration: on PostgreSQL they get connections of their own without the request limits.
  const maintenance =
    owned && config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: MAINTENANCE_LIMITS })
      : handle;
  try {
    await applyMigrations(maintenance);
    startupPhase('migrated');
    const seed = setup.seed ?? config.demoMode;
    if (seed) {
      const result = await seedDemoOrganisation(maintenance, { timeZone: config.clinicTimeZone });
      if (result.seeded) app.log.info({ users: result.users }, 'seeded the demo organisation');
      startupPhase('seeded');
    }
    if (config.demoMode) {
      // Demo mode again after it was off: the retired demo accounts sign in with their published passwords again.
      const restored = await restoreDemoAccounts(maintenance.db);
      if (restored > 0) app.log.warn({ restored }, DEMO_ACCOUNTS_RESTORED_MESSAGE);
    } else if (!seed) {
      // Demo credentials never open a real deployment: a database seeded in demo mode keeps none of them usable.
      const disabled = await retireDemoAccounts(maintenance.db);
      if (disabled > 0) app.log.warn({ disabled }, DEMO_ACCOUNTS_RETIRED_MESSAGE);
    }
  } finally {
    if (maintenance !== handle) await maintenance.close();
  }
}
