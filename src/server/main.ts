import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startupPhase, startupPhases } from './platform/startup-phases';
import { startBackgroundWork } from './platform/work-platform';

/** How long after listening the outbox sweeps and the scheduled jobs start. */
const BACKGROUND_WORK_DELAY_MS = 1000;

// Starts the server from the environment and stops it gracefully: on SIGTERM/SIGINT it stops
// accepting connections, lets in-flight requests finish, closes the database, then exits.
async function main(): Promise<void> {
  startupPhase('modulesLoaded');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const started = performance.now();
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  startupPhase('listening');
  app.log.debug({ phases: startupPhases() }, 'start-up phases (ms since the process began)');
  app.log.info(
    { url: config.publicUrl, database: app.database.driver, demoMode: config.demoMode, startupMs: Math.round(performance.now() - started) },
    'Caredeck is ready',
  );
  // Outbox sweeps and scheduled jobs run only in a serving process, never in tests or tools. They
  // start once the first requests have been answered: the job queue's start-up (its schema check,
  // the schedules) would otherwise hold them up, and nothing of it is due within the first second.
  const background = setTimeout(() => {
    startBackgroundWork(app).catch((error: unknown) => app.log.error({ err: error }, 'background work did not start'));
  }, BACKGROUND_WORK_DELAY_MS);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(background);
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Caredeck failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
