import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { ClinicHours } from '../../contracts/system-settings';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase, type TestDatabaseHandle } from './test-database';

/**
 * The configuration the server would load from a quiet test environment, then `overrides`.
 * Built through loadConfig (not by hand), so defaults come from the same place as in production.
 * process.env is deliberately not read: a developer's DATABASE_URL must not leak into tests.
 */
/** Every day, all day: the opening hours of the tests' clinic. */
export const OPEN_ALL_WEEK: ClinicHours = Array.from({ length: 7 }, () => ({ open: '00:00', close: '24:00' }));

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    // A directory that does not exist: the SPA is not served unless a test provides one.
    WEB_ROOT: path.join(os.tmpdir(), `caredeck-no-web-root-${randomBytes(6).toString('hex')}`),
    // Test files run side by side on a shared machine, where the event loop of one may lag behind
    // for reasons that are not its own load; load-shedding.test.ts turns shedding on for itself.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // Test files refuse many requests from one address on purpose; floods.test.ts sets a limit for itself.
    DENIED_REQUESTS_PER_MINUTE: '0',
    // The IDOR harness sends every method to every record path, most of which no route answers.
    UNKNOWN_PATHS_PER_MINUTE: '0',
  });
  // Tests pick days relative to today, and the fixtures' doctors work every day: the clinic is open
  // around the clock unless a test sets hours of its own, so no test depends on the weekday it runs.
  return { ...base, clinicHours: OPEN_ALL_WEEK, ...overrides };
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Seed the demo organisation (slow: a few seconds). Off unless asked. */
  seed?: boolean;
  /** Where the app's logs go; nothing is logged unless config.logLevel is raised too. */
  logStream?: DestinationStream;
  /** A database the caller owns and closes; a fresh test database otherwise. */
  handle?: DatabaseHandle;
}

export interface TestApp {
  /** Not ready yet: a test may add routes first; `inject` readies it. */
  app: FastifyInstance;
  /** `statements` counts what was sent to the database; absent on a handle the caller passed. */
  db: DatabaseHandle & Partial<Pick<TestDatabaseHandle, 'statements'>>;
  /** Closes the app, then the test database unless the caller passed its own handle. */
  close(): Promise<void>;
}

/** The real app (buildApp, as main.ts runs it) on a database of its own. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const owned = !options.handle;
  const db = options.handle ?? (await openTestDatabase());
  let app: FastifyInstance;
  try {
    app = await buildApp(testConfig(options.config), { handle: db, seed: options.seed ?? false, logStream: options.logStream });
  } catch (error) {
    if (owned) await db.close();
    throw error;
  }
  return {
    app,
    db,
    async close() {
      try {
        await app.close();
      } finally {
        if (owned) await db.close();
      }
    },
  };
}
