import type { AppConfig } from '../../config';
import { MAINTENANCE_LIMITS, openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { archiveAuditTrail, type ArchiveOutcome } from '../../platform/audit-retention';

// `npm run audit:archive -- --before YYYY-MM-DD [--out DIR]`: the retention step run by hand (the
// server runs it daily itself when AUDIT_RETENTION_DAYS is set). Every sealed batch whose events all
// happened before the date goes to one file in DIR and leaves the database; the seals stay, so
// `npm run audit:verify` still verifies the whole chain, and `npm run audit:verify -- --archive
// FILE` checks the file against them. Keep the files as long as the law asks (six years for HIPAA
// documentation), on storage the application cannot write.

export type { ArchiveOutcome } from '../../platform/audit-retention';

export async function archiveConfiguredAuditTrail(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  before: Date,
  outDir: string,
): Promise<ArchiveOutcome> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: MAINTENANCE_LIMITS });
  try {
    await applyMigrations(handle);
    return await archiveAuditTrail(handle.db, before, outDir);
  } finally {
    await handle.close();
  }
}
