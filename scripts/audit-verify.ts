// npm run audit:verify — checks the audit trail's hash chain of the configured database
// (DATABASE_URL, else DATA_DIR like the app). Exits 1 and names the first broken event.
import { ConfigError, loadConfig } from '../src/server/config';
import { verifyConfiguredAuditTrail } from '../src/server/modules/audit/audit-verify';

try {
  const outcome = await verifyConfiguredAuditTrail(loadConfig());
  (outcome.exitCode === 0 ? process.stdout : process.stderr).write(`${outcome.message}\n`);
  process.exitCode = outcome.exitCode;
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Audit verification failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exitCode = error instanceof ConfigError ? 78 : 2;
}
