import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client';

// Resolves both from src/server/db/migrate.ts (dev, tests) and from the bundle at
// dist/server/main.js, next to which the build copies the migrations folder.
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 7_201_001;

/** Applies every committed migration not yet applied. Safe to call on every start and from several instances. */
export async function applyMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  await handle.withExclusiveLock(MIGRATION_LOCK, async () => {
    if (handle.driver === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
