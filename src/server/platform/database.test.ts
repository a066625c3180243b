import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { users } from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts';
import { captureLogs } from '../test-support/log-capture';
import { testConfig } from '../test-support/test-app';
import { openTestDatabase, testDatabaseUrl, type TestDatabaseHandle } from '../test-support/test-database';

// Drizzle's own bookkeeping table: one row per applied migration.
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

const committedMigrations = (
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

interface Start {
  users: number;
  migrations: number;
  demoPatientId: string | undefined;
  seededLogged: boolean;
}

/** Starts the app the way main.ts does (it opens and closes its own database), looks around, stops it. */
async function startAndStop(config: AppConfig): Promise<Start> {
  const logs = captureLogs();
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(config, { logStream: logs.stream });
    await app.ready();
    const [userRows] = await app.db.select({ n: count() }).from(users);
    const [migrationRows] = await app.db.select({ n: count() }).from(appliedMigrations);
    const [demoPatient] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email));
    return {
      users: userRows?.n ?? 0,
      migrations: migrationRows?.n ?? 0,
      demoPatientId: demoPatient?.id,
      seededLogged: logs.entries().some((entry) => entry.msg === 'seeded the demo organisation'),
    };
  } finally {
    await app?.close();
  }
}

function describeRestart(driver: string, configFor: () => AppConfig) {
  describe(`a restart on ${driver} keeps the data and does not seed again`, () => {
    let first: Start;
    let second: Start;

    beforeAll(async () => {
      first = await startAndStop(configFor());
      second = await startAndStop(configFor());
    });

    it('the first start migrates and seeds the demo organisation', () => {
      expect(first.seededLogged).toBe(true);
      expect(first.users).toBeGreaterThan(DEMO_ACCOUNTS.length);
      expect(first.migrations).toBe(committedMigrations);
      expect(first.demoPatientId).toBeDefined();
    });

    it('the second start finds the same users and does not seed again', () => {
      expect(second.seededLogged).toBe(false);
      expect(second.users).toBe(first.users);
      expect(second.demoPatientId).toBe(first.demoPatientId);
    });

    it('applying the migrations again changes nothing', () => {
      expect(second.migrations).toBe(committedMigrations);
    });
  });
}

describe('the database across restarts', () => {
  describe('embedded PGlite in DATA_DIR', () => {
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'caredeck-data-'));
    });

    afterAll(async () => {
      if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
    });

    describeRestart('PGlite', () => testConfig({ dataDir, demoMode: true, logLevel: 'info' }));
  });

  describe.skipIf(!testDatabaseUrl())('PostgreSQL at DATABASE_URL', () => {
    let database: TestDatabaseHandle;

    beforeAll(async () => {
      // Only for its empty database and URL: the app opens (and closes) its own pool on it, and its
      // first start is the one that migrates.
      database = await openTestDatabase({ empty: true });
    });

    afterAll(async () => {
      await database?.close();
    });

    describeRestart('PostgreSQL', () => testConfig({ databaseUrl: database.databaseUrl, demoMode: true, logLevel: 'info' }));
  });
});
