// npm run audit:verify [-- --archive FILE] — checks the audit trail of the configured database
// (DATABASE_URL, else DATA_DIR like the app), or an archive against it. Exits 1 and names the
// first broken event.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { verifyConfiguredAuditTrail } from '../src/server/modules/audit/audit-verify';

try {
  const { values } = parseArgs({ options: { archive: { type: 'string' } } });
  const outcome = await verifyConfiguredAuditTrail(loadConfig(), { archive: values.archive });
  (outcome.exitCode === 0 ? process.stdout : process.stderr).write(`${outcome.message}\n`);
  process.exitCode = outcome.exitCode;
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Audit verification failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exitCode = error instanceof ConfigError ? 78 : 2;
}
