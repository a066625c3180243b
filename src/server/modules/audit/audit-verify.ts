import fs from 'node:fs';
import type { AppConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { AuditLog } from '../../platform/audit';

// `npm run audit:verify`: walks the audit chain of the database the app would use (DATABASE_URL,
// else the embedded database in DATA_DIR) and reports the first event whose hash or link does not
// match. Exit codes: 0 intact, 1 broken, 2 nothing to verify. Read-only: it never migrates or writes.

export interface VerifyOutcome {
  exitCode: 0 | 1 | 2;
  message: string;
}

export async function verifyAuditTrail(handle: DatabaseHandle): Promise<VerifyOutcome> {
  const result = await new AuditLog(handle.db).verifyChain();
  if (result.intact) return { exitCode: 0, message: `Audit chain intact: ${result.checked} events verified.` };
  return {
    exitCode: 1,
    message: `Audit chain BROKEN at event id ${result.brokenAt} (after ${result.checked} intact events): that event was changed, or one before it was removed.`,
  };
}

/** Opens the configured database, verifies, closes. The embedded database must not be in use by a running server. */
export async function verifyConfiguredAuditTrail(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<VerifyOutcome> {
  // PGlite would create an empty database in a missing directory: there is nothing to verify there.
  if (!config.databaseUrl && config.dataDir !== 'memory://' && !fs.existsSync(config.dataDir)) {
    return { exitCode: 2, message: `No database at ${config.dataDir} (set DATABASE_URL or DATA_DIR).` };
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await verifyAuditTrail(handle);
  } finally {
    await handle.close();
  }
}
