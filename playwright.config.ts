import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end journeys against the built app (`npm run build` first; `npm run test:e2e` builds when
// dist/ is missing), in Debian's Chromium (never `playwright install`: nothing downloads at run time). Each run gets
// a fresh database seeded with the demo organisation: a PostgreSQL database of its own when
// TEST_DATABASE_URL is set (as in CI), else the embedded one (scripts/e2e-server.mjs).

const PORT = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://localhost:${PORT}`;
const root = import.meta.dirname;
const e2eDataRoot = path.join(root, '.e2e-data');
// This file is evaluated by the runner and again by every worker; only the runner starts the
// server, so only its DATA_DIR is used.
const dataDir = path.join(e2eDataRoot, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);

if (process.env.TEST_WORKER_INDEX === undefined) pruneOldRuns();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // No retries: a test that fails once has a race to find, not to hide.
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // A trace with screenshots makes Chromium encode every frame of every test, which on two cores
    // costs about a quarter of the run. Locally a failure keeps its trace (the page's DOM at each
    // step, no frames); CI prints the failure and the page's accessibility tree instead, and keeps
    // no files anyone could open.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Spinners and transitions stop (the app honours the preference): nothing keeps repainting
    // while a step waits, and no step waits for an animation to end.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // The machines we run on have no outside network: keep Chromium from trying to reach it.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server close the embedded database cleanly (main.ts graceful shutdown).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      // As behind a reverse proxy: journeys that register a patient of their own say which address
      // it comes from (e2e/identity-helpers.ts), so they do not share one address's limits.
      TRUST_PROXY: 'true',
      // Two browsers share the machine's cores with the server, whose event loop and database then
      // lag for reasons that are not its own load; the shedding itself has tests of its own.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAIT_MS: '0',
      WEB_ROOT: path.join(root, 'dist/web'),
      // Reminders a week ahead: a journey's appointment falls in a reminder's time whatever the
      // weekday (the demo doctors do not work every day).
      REMINDER_HOURS_BEFORE: '168,2',
      // A fresh database (scripts/e2e-server.mjs) and in-process services, whatever the shell has set.
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
    },
  },
});

/** Removes the data directories of earlier runs: those whose runner process (the pid at the end of the name) has ended. */
function pruneOldRuns(): void {
  if (!fs.existsSync(e2eDataRoot)) return;
  for (const entry of fs.readdirSync(e2eDataRoot)) {
    const pid = Number(/-(\d+)$/.exec(entry)?.[1]);
    if (pid && isRunning(pid)) continue;
    fs.rmSync(path.join(e2eDataRoot, entry), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
