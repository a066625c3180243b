import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { archiveAuditEvents, sealAuditEvents } from './audit-seal';

// Retention of the audit trail: seals what is finished, then writes every sealed batch whose events
// all happened before `before` to one file in `outDir` (one JSON line per seal, with its events),
// and removes those events from the database. The seals stay, so the whole chain still verifies
// (`npm run audit:verify`) and each file can be checked against them (`--archive FILE`). Used by
// `npm run audit:archive` and, with AUDIT_RETENTION_DAYS set, by the daily `audit-archive` job.

export interface ArchiveOutcome {
  /** The file written; null when nothing was old enough (no file is left behind then). */
  file: string | null;
  seals: number;
  events: number;
}

export async function archiveAuditTrail(db: Database, before: Date, outDir: string, now: Date = new Date()): Promise<ArchiveOutcome> {
  await sealAuditEvents(db);
  fs.mkdirSync(outDir, { recursive: true });
  const name = `audit-before-${before.toISOString().slice(0, 10)}-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`;
  const file = path.join(outDir, name);
  const fd = fs.openSync(file, 'wx');
  let closed = false;
  try {
    const result = await archiveAuditEvents(db, before, name, async (archived) => {
      fs.writeSync(fd, `${JSON.stringify(archived)}\n`);
      // On disk before the events are deleted.
      fs.fsyncSync(fd);
    });
    fs.closeSync(fd);
    closed = true;
    if (result.seals === 0) {
      fs.rmSync(file);
      return { file: null, ...result };
    }
    return { file, ...result };
  } finally {
    if (!closed) fs.closeSync(fd);
  }
}
