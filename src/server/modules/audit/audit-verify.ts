import fs from 'node:fs';
import type { AppConfig } from '../../config';
import { MAINTENANCE_LIMITS, openDatabase, type DatabaseHandle } from '../../db/client';
import type { AuditEventRow } from '../../db/schema';
import { verifyArchive, verifyAuditTrail as verifyTrail, type ArchivedSeal, type AuditVerification } from '../../platform/audit-seal';

// `npm run audit:verify`: recomputes every event's hash and every seal of the database the app
// would use (DATABASE_URL, else the embedded database in DATA_DIR), and with `--archive FILE` also
// checks an archive written by `npm run audit:archive` against the seals it came from. Exit codes:
// 0 intact, 1 broken, 2 nothing to verify. Read-only: it never migrates or writes.

export interface VerifyOutcome {
  exitCode: 0 | 1 | 2;
  message: string;
}

function describe(result: AuditVerification): VerifyOutcome {
  if (result.intact) {
    const archived = result.archivedSeals > 0 ? `, ${result.archivedSeals} of them archived` : '';
    return {
      exitCode: 0,
      message: `Audit trail intact: ${result.checked} events verified (${result.seals} seals${archived}; ${result.unsealed} not sealed yet).`,
    };
  }
  const problem = result.problem!;
  const why =
    problem.kind === 'event-changed'
      ? 'that event was changed after it was written.'
      : problem.kind === 'seal-events-differ'
        ? `seal ${problem.sealId} covers ${problem.expected} events but ${problem.found} match it: events were deleted, added, changed or moved.`
        : `seal ${problem.sealId} was changed, or the chain of seals was cut before it.`;
  return { exitCode: 1, message: `Audit trail BROKEN at event id ${result.brokenAt ?? 'unknown'}: ${why}` };
}

export async function verifyAuditTrail(handle: DatabaseHandle): Promise<VerifyOutcome> {
  return describe(await verifyTrail(handle.db));
}

/** Reads an archive file (one JSON seal with its events per line). */
export function readArchive(file: string): ArchivedSeal[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parsed = JSON.parse(line) as { seal: ArchivedSeal['seal']; events: AuditEventRow[] };
      return {
        seal: parsed.seal,
        events: parsed.events.map((event) => ({ ...event, occurredAt: new Date(event.occurredAt) })),
      };
    });
}

export async function verifyArchiveFile(handle: DatabaseHandle, file: string): Promise<VerifyOutcome> {
  const result = await verifyArchive(handle.db, readArchive(file));
  if (!result.intact) return describe(result);
  return { exitCode: 0, message: `Audit archive intact: ${result.checked} events in ${result.seals} seals match the database's seals.` };
}

/** Opens the configured database, verifies, closes. The embedded database must not be in use by a running server. */
export async function verifyConfiguredAuditTrail(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  options: { archive?: string } = {},
): Promise<VerifyOutcome> {
  // PGlite would create an empty database in a missing directory: there is nothing to verify there.
  if (!config.databaseUrl && config.dataDir !== 'memory://' && !fs.existsSync(config.dataDir)) {
    return { exitCode: 2, message: `No database at ${config.dataDir} (set DATABASE_URL or DATA_DIR).` };
  }
  if (options.archive && !fs.existsSync(options.archive)) return { exitCode: 2, message: `No archive at ${options.archive}.` };
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, limits: MAINTENANCE_LIMITS });
  try {
    return options.archive ? await verifyArchiveFile(handle, options.archive) : await verifyAuditTrail(handle);
  } finally {
    await handle.close();
  }
}
