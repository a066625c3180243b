// npm run audit:archive -- --before YYYY-MM-DD [--out DIR] — moves sealed audit events older than
// the date into an archive file (default directory ./audit-archive); see
// src/server/modules/audit/audit-archive.ts. The server must not be running on an embedded database.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { archiveConfiguredAuditTrail } from '../src/server/modules/audit/audit-archive';

try {
  const { values } = parseArgs({ options: { before: { type: 'string' }, out: { type: 'string', default: 'audit-archive' } } });
  const before = values.before && /^\d{4}-\d{2}-\d{2}$/.test(values.before) ? new Date(`${values.before}T00:00:00Z`) : null;
  if (!before || Number.isNaN(before.getTime()) || before.getTime() > Date.now()) {
    process.stderr.write('Give the date to archive before as --before YYYY-MM-DD (not in the future).\n');
    process.exit(64);
  }
  const outcome = await archiveConfiguredAuditTrail(loadConfig(), before, values.out);
  process.stdout.write(
    outcome.file
      ? `Archived ${outcome.events} events in ${outcome.seals} seals to ${outcome.file}.\n`
      : 'Nothing to archive: no sealed events before that date.\n',
  );
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Audit archive failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exitCode = error instanceof ConfigError ? 78 : 1;
}
