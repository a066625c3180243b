import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentNotificationLink, NOTIFICATION_LINKS } from '../../contracts/notifications';
import { createAccount } from '../modules/auth/testing';
import { openDatabase, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';
import { migrationsBefore } from '../test-support/migrations-before';
import { notifications } from './schema';

// Security notices stored before they linked to the settings view's security section point at
// /settings, which answers 404. A database migrated from before that change gets them rewritten;
// the web maps any it still meets the same way (currentNotificationLink).

const TAG = '0015_notification-settings-links';

describe('notifications written with the old /settings link', () => {
  let handle: DatabaseHandle;
  let scratch: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-links-'));
    handle = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('are rewritten to the security section of the settings view; every other link stays as it was', async () => {
    await applyMigrations(handle, migrationsBefore(scratch, TAG));
    const { user } = await createAccount(handle.db);
    const stored = ['/settings', '/settings#security', '/settings?tab=security', '/settings-elsewhere', '/appointments', null];
    const rows = await handle.db
      .insert(notifications)
      .values(stored.map((actionUrl, i) => ({ userId: user.id, type: 'system' as const, title: `t${i}`, message: 'm', actionUrl })))
      .returning({ id: notifications.id, actionUrl: notifications.actionUrl });

    await applyMigrations(handle);

    const after = await Promise.all(
      rows.map(async (row) => (await handle.db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.actionUrl),
    );
    const security = NOTIFICATION_LINKS.accountSecurity;
    expect(after).toEqual([security, security, security, '/settings-elsewhere', '/appointments', null]);
    // The web's mapping agrees with the migration, link for link.
    expect(stored.map(currentNotificationLink)).toEqual(after);
  }, 120_000);
});
