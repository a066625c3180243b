import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { MAINTENANCE_LIMITS, openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { archiveAuditEvents, sealAuditEvents } from '../../platform/audit-seal';

// `npm run audit:archive -- --before YYYY-MM-DD [--out DIR]`: the retention step. Seals what is
// finished, then writes every sealed batch whose events all happened before the date to one file
// in DIR (one JSON line per seal, with its events), and removes those events from the database.
// The seals stay, so `npm run audit:verify` still verifies the whole chain, and
// `npm run audit:verify -- --archive FILE` checks the file against them. Keep the files as long as
// the law asks (six years for HIPAA documentation), on storage the application cannot write.

export interface ArchiveOutcome {
  file: string | null;
  seals: number;
  events: number;
}

export async function archiveConfiguredAuditTrail(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  before: Date,
  outDir: string,
): Promise<ArchiveOutcome> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: MAINTENANCE_LIMITS });
  try {
    await applyMigrations(handle);
    await sealAuditEvents(handle.db);
    fs.mkdirSync(outDir, { recursive: true });
    const name = `audit-before-${before.toISOString().slice(0, 10)}-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    const file = path.join(outDir, name);
    const fd = fs.openSync(file, 'wx');
    try {
      const result = await archiveAuditEvents(handle.db, before, name, async (archived) => {
        fs.writeSync(fd, `${JSON.stringify(archived)}\n`);
        // On disk before the events are deleted.
        fs.fsyncSync(fd);
      });
      if (result.seals === 0) {
        fs.closeSync(fd);
        fs.rmSync(file);
        return { file: null, ...result };
      }
      return { file, ...result };
    } finally {
      try {
        fs.closeSync(fd);
      } catch {
        // closed above
      }
    }
  } finally {
    await handle.close();
  }
}
