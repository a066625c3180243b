import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { createAccount } from '../modules/auth/testing';
import { readArchive } from '../modules/audit/audit-verify';
import { TestAgent } from '../test-support/test-agent';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { AuditLog } from './audit';
import { sealAuditEvents, verifyArchive } from './audit-seal';

// The audit trail's retention: with AUDIT_RETENTION_DAYS set, a daily job moves sealed events older
// than that into archive files under AUDIT_ARCHIVE_DIR, so the table stops growing with time, and
// the chain still verifies, in the app and against the files.

const DAY = 24 * 60 * 60 * 1000;

describe('audit retention', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-retention-'));
    t = await createTestApp({ config: { auditRetentionDays: 30, auditArchiveDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('archives sealed events older than the retention, keeps the newer ones, and the chain still verifies', async () => {
    const old = new AuditLog(t.app.db, () => new Date(Date.now() - 40 * DAY));
    for (const action of ['one', 'two', 'three']) await old.record({ action: `test.retention-old-${action}`, outcome: 'success' });
    await sealAuditEvents(t.app.db);
    await t.app.audit.record({ action: 'test.retention-recent', outcome: 'success' });

    expect(t.app.jobs.names).toContain('audit-archive');
    expect(await t.app.jobs.runNow('audit-archive')).toMatchObject({ seals: 1, events: 3 });

    const left = await t.db.db.select({ action: auditEvents.action }).from(auditEvents);
    expect(left.map((e) => e.action).filter((a) => a.startsWith('test.retention'))).toEqual(['test.retention-recent']);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    const archived = readArchive(path.join(dir, files[0]!));
    expect(archived.flatMap((s) => s.events.map((e) => e.action))).toEqual([
      'test.retention-old-one',
      'test.retention-old-two',
      'test.retention-old-three',
    ]);
    expect(await verifyArchive(t.app.db, archived)).toMatchObject({ intact: true, seals: 1 });

    // An auditor's check through the API: intact, the archived seal included.
    const admin = await createAccount(t.db.db, { role: 'admin' });
    const agent = new TestAgent(t.app);
    await agent.signInAs(admin.user.id);
    const chain = await agent.get('/api/audit/chain');
    expect(chain.statusCode).toBe(200);
    expect(chain.json().data).toMatchObject({ intact: true, brokenAt: null });

    // Nothing older is left: a second run archives nothing and writes no file.
    expect(await t.app.jobs.runNow('audit-archive')).toMatchObject({ seals: 0, events: 0 });
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(await t.db.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.retention-recent'))).toHaveLength(1);
  });

  it('keeps everything when no retention is set', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.jobs.names).not.toContain('audit-archive');
    } finally {
      await plain.close();
    }
  });
});
