import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityOverviewSchema } from '../../../contracts/admin-console';
import { auditEvents } from '../../db/schema';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The daily check of the audit chain, run as the job queue runs it: it notes its result as the
// system, and the security view raises an alert once the latest check found the chain broken.

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
});

afterAll(async () => {
  await t.close();
});

async function security() {
  const response = await admin.agent.get('/api/admin/security');
  expect(response.statusCode).toBe(200);
  return securityOverviewSchema.parse(response.json().data);
}

describe('the daily audit-chain check', () => {
  it('is a scheduled job', () => {
    expect(t.app.jobs.names).toContain('audit-chain-check');
  });

  it('notes an intact chain as the system, and the security view shows it without an alert', async () => {
    expect((await security()).auditChain).toBeNull();
    await t.app.jobs.runNow('audit-chain-check');

    const checks = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.verify'), isNull(auditEvents.actorUserId)));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ outcome: 'success', details: expect.objectContaining({ intact: true }) });

    const overview = await security();
    expect(overview.auditChain).toMatchObject({ intact: true });
    expect(overview.alerts.filter((alert) => alert.kind === 'audit-chain')).toEqual([]);
  });

  it('raises a high alert once a check finds an event changed behind the trigger', async () => {
    const [first] = await t.app.db.select().from(auditEvents).orderBy(asc(auditEvents.id)).limit(1);
    // Only the database owner can switch the trigger off; the chain still shows what was done.
    await t.app.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await t.app.db.update(auditEvents).set({ outcome: 'failure' }).where(eq(auditEvents.id, first!.id));
    await t.app.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);

    await t.app.jobs.runNow('audit-chain-check');

    const overview = await security();
    expect(overview.auditChain).toMatchObject({ intact: false });
    expect(overview.alerts).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'audit-chain', severity: 'high' })]));
  });
});
