import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../modules/auth/testing';
import { hashPassword, verifyPassword } from '../platform/passwords';
import { migrationsBefore } from '../test-support/migrations-before';
import { openDatabase, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';
import { users } from './schema';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { restoreDemoAccounts } from './seed/retire-demo-accounts';

// The demo accounts' published passwords changed. A demo database seeded before holds hashes of the
// old ones, which the login screen no longer lists: the migration retires those accounts, and the
// next start in demo mode restores them with the passwords the screen shows. Nobody else is touched.

const TAG = '0042_demo-passwords-renewed';

describe('demo accounts seeded with the old published passwords', () => {
  let handle: DatabaseHandle;
  let scratch: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-demo-passwords-'));
    handle = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('are retired by the migration and come back in demo mode with the passwords the login screen shows', async () => {
    await applyMigrations(handle, migrationsBefore(scratch, TAG));
    const demoDoctor = DEMO_ACCOUNTS.find((account) => account.email === 'doctor@caredeck.demo')!;
    const { user: seeded } = await createAccount(handle.db, { role: 'doctor' });
    await handle.db
      .update(users)
      .set({ email: demoDoctor.email, passwordHash: await hashPassword('Doctor#2026') })
      .where(eq(users.id, seeded.id));
    const { user: own, password: ownPassword } = await createAccount(handle.db, { role: 'admin' });

    await applyMigrations(handle);

    const [retired] = await handle.db.select().from(users).where(eq(users.id, seeded.id));
    expect(retired).toMatchObject({ isActive: false, passwordHash: null });
    const [kept] = await handle.db.select().from(users).where(eq(users.id, own.id));
    expect(kept!.isActive).toBe(true);
    expect(await verifyPassword(kept!.passwordHash, ownPassword)).toBe(true);

    expect(await restoreDemoAccounts(handle.db)).toBe(1);
    const [restored] = await handle.db.select().from(users).where(eq(users.id, seeded.id));
    expect(restored!.isActive).toBe(true);
    expect(await verifyPassword(restored!.passwordHash, demoDoctor.password)).toBe(true);
    expect(await verifyPassword(restored!.passwordHash, 'Doctor#2026')).toBe(false);
  });
});
