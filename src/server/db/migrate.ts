import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client';

// Resolves both from src/server/db/migrate.ts (dev, tests) and from the bundle at
// dist/server/main.js, next to which the build copies the migrations folder.
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 7_201_001;

/** Applies every committed migration not yet applied. Safe to call on every start and from several instances. */
export async function applyMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  // Every start after the first finds the database up to date: one read instead of the migrator's
  // schema and table checks, its transaction and the lock.
  if (await upToDate(handle, migrationsFolder)) return;
  await handle.withExclusiveLock(MIGRATION_LOCK, async () => {
    // The migrators load only when there is something to apply.
    if (handle.driver === 'pglite') {
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}

/**
 * Whether the last migration applied is the last one committed, the same file: the migrator applies
 * every migration newer than the last one it recorded (by the journal's timestamp), so when that is
 * the journal's last entry, with the hash of its file as the migrator computes it, there is nothing
 * to apply. Anything else (no migrations table yet, an older or different last migration, a journal
 * that cannot be read) leaves the decision to the migrator.
 */
export async function upToDate(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<boolean> {
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const last = journal.entries.at(-1);
    if (!last) return false;
    const hash = createHash('sha256')
      .update(await readFile(path.join(migrationsFolder, `${last.tag}.sql`), 'utf8'))
      .digest('hex');
    const { rows } = await handle.query('select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
    return rows.length === 1 && Number(rows[0]!.created_at) === last.when && rows[0]!.hash === hash;
  } catch {
    return false;
  }
}
