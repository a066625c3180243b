import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { auditEvents, auditSeals } from '../db/schema';
import { openMigratedTestDatabase, type TestDatabaseHandle } from '../test-support/test-database';
import { AuditLog, auditRow } from './audit';
import { archiveAuditEvents, sealAuditEvents, verifyArchive, verifyAuditTrail, type ArchivedSeal } from './audit-seal';

// The audit trail without a global lock: events are written side by side, sealed in batches
// afterwards, and any edit, deletion or reordering of an event shows in verification.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function behindTheTrigger(handle: DatabaseHandle, change: () => Promise<unknown>): Promise<void> {
  // Only someone who can disable the trigger (the database owner) can do this; verification still shows it.
  await handle.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
  try {
    await change();
  } finally {
    await handle.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
  }
}

describe('audit sealing', () => {
  let handle: TestDatabaseHandle;
  let log: AuditLog;

  beforeAll(async () => {
    handle = await openMigratedTestDatabase();
    log = new AuditLog(handle.db);
  });
  afterAll(async () => handle.close());

  afterEach(async () => {
    // Each test starts from a trail that verifies: the events a test tampered with are archived away.
    await sealAuditEvents(handle.db);
  });

  async function events() {
    return handle.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
  }

  it('writes many concurrent events in shared inserts, and every one is durable when its promise resolves', async () => {
    const before = (await events()).length;
    await Promise.all(Array.from({ length: 200 }, (_, i) => log.record({ action: 'test.concurrent', outcome: 'success', details: { i } })));
    const rows = (await events()).slice(before);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => (row.details as { i: number }).i)).size).toBe(200);
    // One transaction id per insert statement: far fewer statements than events.
    expect(new Set(rows.map((row) => row.xactId)).size).toBeLessThan(50);
    expect((await verifyAuditTrail(handle.db)).intact).toBe(true);
  });

  it('seals finished events in a chain of seals, and the trail verifies', async () => {
    for (const action of ['one', 'two', 'three']) await log.record({ action: `test.${action}`, outcome: 'success' });
    const sealed = await sealAuditEvents(handle.db);
    expect(sealed.events).toBeGreaterThanOrEqual(3);
    const seals = await handle.db.select().from(auditSeals).orderBy(asc(auditSeals.id));
    for (let i = 1; i < seals.length; i += 1) {
      expect(seals[i]!.prevHash).toBe(seals[i - 1]!.hash);
      expect(seals[i]!.fromXact).toBe(seals[i - 1]!.toXact);
    }
    const result = await verifyAuditTrail(handle.db);
    expect(result).toMatchObject({ intact: true, unsealed: 0, problem: null });
    expect(result.checked).toBe((await events()).length);
    // Nothing new: sealing again seals nothing.
    expect(await sealAuditEvents(handle.db)).toEqual({ events: 0, seals: 0 });
  });

  it('finds a sealed event that was edited', async () => {
    await log.record({ action: 'test.edited', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const target = (await events()).at(-1)!;
    await behindTheTrigger(handle, () => handle.db.update(auditEvents).set({ outcome: 'failure' }).where(eq(auditEvents.id, target.id)));
    expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: false, brokenAt: target.id, problem: { kind: 'event-changed' } });
    await behindTheTrigger(handle, () => handle.db.update(auditEvents).set({ outcome: 'success' }).where(eq(auditEvents.id, target.id)));
    expect((await verifyAuditTrail(handle.db)).intact).toBe(true);
  });

  it('finds a sealed event edited by someone who also rewrote its hash', async () => {
    await log.record({ action: 'test.forged', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const target = (await events()).at(-1)!;
    const forged = auditRow({ action: 'test.forged', outcome: 'denied' }, target.occurredAt);
    await behindTheTrigger(handle, () =>
      handle.db.update(auditEvents).set({ outcome: 'denied', hash: forged.hash }).where(eq(auditEvents.id, target.id)),
    );
    const [seal] = await handle.db
      .select()
      .from(auditSeals)
      .orderBy(sql`${auditSeals.id} desc`)
      .limit(1);
    expect(await verifyAuditTrail(handle.db)).toMatchObject({
      intact: false,
      problem: { kind: 'seal-events-differ', sealId: seal!.id, expected: seal!.eventCount, found: seal!.eventCount },
    });
    await behindTheTrigger(handle, () =>
      handle.db.update(auditEvents).set({ outcome: 'success', hash: target.hash }).where(eq(auditEvents.id, target.id)),
    );
  });

  it('finds a deleted sealed event', async () => {
    await log.record({ action: 'test.deleted', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const target = (await events()).at(-1)!;
    await behindTheTrigger(handle, () => handle.db.delete(auditEvents).where(eq(auditEvents.id, target.id)));
    expect(await verifyAuditTrail(handle.db)).toMatchObject({
      intact: false,
      problem: { kind: 'seal-events-differ', found: expect.any(Number) },
    });
    const result = await verifyAuditTrail(handle.db);
    expect(result.problem?.kind === 'seal-events-differ' && result.problem.expected - result.problem.found).toBe(1);
    // Put back as it was, so the trail verifies for the next test.
    await handle.db.insert(auditEvents).overridingSystemValue().values(target);
    expect((await verifyAuditTrail(handle.db)).intact).toBe(true);
  });

  it('finds two sealed events whose contents were swapped (the order changed)', async () => {
    await log.record({ action: 'test.first', outcome: 'success' });
    await log.record({ action: 'test.second', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const [a, b] = (await events()).slice(-2);
    const swap = async (x: typeof a, y: typeof a) =>
      handle.db
        .update(auditEvents)
        .set({ action: y!.action, occurredAt: y!.occurredAt, hash: y!.hash, prevHash: y!.prevHash })
        .where(eq(auditEvents.id, x!.id));
    await behindTheTrigger(handle, async () => {
      await swap(a, b);
      await swap(b, a);
    });
    // Each row's own hash is right; their places are not.
    expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: false, problem: { kind: 'seal-events-differ' } });
    await behindTheTrigger(handle, async () => {
      await handle.db
        .update(auditEvents)
        .set({ action: a!.action, occurredAt: a!.occurredAt, hash: a!.hash })
        .where(eq(auditEvents.id, a!.id));
      await handle.db
        .update(auditEvents)
        .set({ action: b!.action, occurredAt: b!.occurredAt, hash: b!.hash })
        .where(eq(auditEvents.id, b!.id));
    });
    expect((await verifyAuditTrail(handle.db)).intact).toBe(true);
  });

  it('checks events not sealed yet by their own hash', async () => {
    await log.record({ action: 'test.unsealed', outcome: 'success' });
    const target = (await events()).at(-1)!;
    expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: true, unsealed: 1 });
    await behindTheTrigger(handle, () =>
      handle.db.update(auditEvents).set({ action: 'test.rewritten' }).where(eq(auditEvents.id, target.id)),
    );
    expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: false, brokenAt: target.id, problem: { kind: 'event-changed' } });
    await behindTheTrigger(handle, () =>
      handle.db.update(auditEvents).set({ action: 'test.unsealed' }).where(eq(auditEvents.id, target.id)),
    );
  });

  it('finds a seal that was changed', async () => {
    await log.record({ action: 'test.seal', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const [seal] = await handle.db
      .select()
      .from(auditSeals)
      .orderBy(sql`${auditSeals.id} desc`)
      .limit(1);
    await handle.db.execute(sql`alter table audit_seals disable trigger audit_seals_no_update_delete`);
    try {
      await handle.db
        .update(auditSeals)
        .set({ eventCount: seal!.eventCount + 1 })
        .where(eq(auditSeals.id, seal!.id));
      expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: false, problem: { kind: 'seal-changed', sealId: seal!.id } });
      await handle.db.update(auditSeals).set({ eventCount: seal!.eventCount }).where(eq(auditSeals.id, seal!.id));
    } finally {
      await handle.db.execute(sql`alter table audit_seals enable trigger audit_seals_no_update_delete`);
    }
  });

  it('refuses to delete events whose seal is not archived, and to change or delete seals', async () => {
    await log.record({ action: 'test.kept', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const target = (await events()).at(-1)!;
    await expect(handle.db.delete(auditEvents).where(eq(auditEvents.id, target.id))).rejects.toThrow();
    const [seal] = await handle.db.select().from(auditSeals).limit(1);
    await expect(handle.db.update(auditSeals).set({ root: 'x' }).where(eq(auditSeals.id, seal!.id))).rejects.toThrow();
    await expect(handle.db.delete(auditSeals).where(eq(auditSeals.id, seal!.id))).rejects.toThrow();
    expect(await handle.db.select().from(auditEvents).where(eq(auditEvents.id, target.id))).toHaveLength(1);
  });

  it('archives old seals to a file: the chain still verifies, the archive checks against its seals, an edit to it shows', async () => {
    await log.record({ action: 'test.old', outcome: 'success' });
    await sealAuditEvents(handle.db);
    const countBefore = (await events()).length;
    const archived: ArchivedSeal[] = [];
    const result = await archiveAuditEvents(handle.db, new Date(Date.now() + 60_000), 'test-archive', async (seal) => {
      archived.push(JSON.parse(JSON.stringify(seal)) as ArchivedSeal);
    });
    expect(result.events).toBe(countBefore);
    expect(await events()).toHaveLength(0);
    expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: true, archivedSeals: result.seals });

    const readBack = archived.map((a) => ({ ...a, events: a.events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt) })) }));
    expect(await verifyArchive(handle.db, readBack)).toMatchObject({ intact: true, checked: countBefore });
    const tampered = readBack.map((a, i) => (i === 0 ? { ...a, events: a.events.slice(1) } : a));
    expect(await verifyArchive(handle.db, tampered)).toMatchObject({ intact: false, problem: { kind: 'seal-events-differ' } });

    // New events after the archive still seal onto the chain.
    await log.record({ action: 'test.after-archive', outcome: 'success' });
    await sealAuditEvents(handle.db);
    expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: true, unsealed: 0 });
  });

  it.runIf(onPostgres)(
    'never makes one writer wait for another: an event commits while another transaction holding one is open',
    async () => {
      const client = new pg.Client({ connectionString: handle.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        const row = auditRow({ action: 'test.slow-write', outcome: 'success' });
        await client.query('insert into audit_events (occurred_at, action, outcome, prev_hash, hash) values ($1, $2, $3, $4, $5)', [
          row.occurredAt,
          row.action,
          row.outcome,
          row.prevHash,
          row.hash,
        ]);
        // The open transaction holds its event; a read's event is written and durable meanwhile.
        await log.record({ action: 'test.meanwhile', outcome: 'success' });
        const [found] = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.meanwhile'));
        expect(found).toBeDefined();
        // A seal taken now stops at the open transaction: its event, and the one written after it,
        // are left to a later seal.
        await sealAuditEvents(handle.db);
        await client.query('commit');
      } finally {
        await client.end();
      }
      expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: true, unsealed: 2 });
      await sealAuditEvents(handle.db);
      expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: true, unsealed: 0 });
    },
  );

  it.runIf(onPostgres)('is not held back by a transaction open in another database on the same server', async () => {
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await log.record({ action: 'test.beside-another-database', outcome: 'success' });
      expect((await sealAuditEvents(handle.db)).events).toBeGreaterThanOrEqual(1);
      expect(await verifyAuditTrail(handle.db)).toMatchObject({ intact: true, unsealed: 0 });
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });

  it.runIf(onPostgres)('never seals the same events twice when two instances seal at once', async () => {
    await log.record({ action: 'test.race', outcome: 'success' });
    const results = await Promise.all([sealAuditEvents(handle.db), sealAuditEvents(handle.db)]);
    expect(results.map((r) => r.events).sort()).toEqual([0, 1]);
    expect((await verifyAuditTrail(handle.db)).intact).toBe(true);
  });
});
