import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditEvents, auditSeals, type AuditEventRow, type AuditSealRow } from '../db/schema';
import { auditHash, GENESIS_HASH } from './audit-hash';

// Sealing makes the audit trail tamper-evident without serialising the requests that write it.
//
// A seal covers the events of a range of transaction ids [from, to): `to` is the oldest transaction
// still running in this database when the seal is taken, so every transaction below it has finished and its events
// are visible, and none can be added to the range later. The seal hashes the (id, hash) pairs of
// its events in id order into a root and chains to the previous seal. Verification recomputes each
// event's hash from its content, each seal's root from its events and each seal's link, so an
// edited, deleted or reordered sealed event is found. Events newer than the last seal are checked
// by their own hash only until the next seal (the seal job runs every minute).

/**
 * The oldest transaction that may still add events to this database: the lowest transaction id
 * still running in it, or the next id to be handed out when none is. Transactions in the server's
 * other databases cannot write here, so they must not hold the seal back (a snapshot's xmin would
 * wait for them too). pg_stat_activity shows 32-bit ids; the epoch is taken from the snapshot's
 * xmax (an id above xmax's low half started in the previous epoch). The snapshot is read first:
 * an id handed out after it is at least its xmax.
 */
const OLDEST_RUNNING_HERE = sql`
  with next as (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xid),
  running as (
    select a.backend_xid::text::bigint as low
    from pg_stat_activity a
    where a.datname = current_database() and a.backend_xid is not null and a.pid <> pg_backend_pid()
  )
  select least(
    next.xid,
    coalesce(min(case when running.low <= (next.xid & 4294967295)
                      then (next.xid & ~4294967295::bigint) | running.low
                      else ((next.xid & ~4294967295::bigint) - 4294967296) | running.low end), next.xid)
  )::text as xmin
  from next left join running on true
  group by next.xid`;

/** Only one instance seals at a time; the others skip their turn. */
const SEAL_LOCK = 7_201_004;
/** Events per seal at most: one seal stays one modest query and one hash. */
const SEAL_LIMIT = 20_000;

interface SealableEvent {
  id: number;
  hash: string;
}

export function sealRoot(events: readonly SealableEvent[]): string {
  const hash = createHash('sha256');
  for (const event of events) hash.update(`${event.id}:${event.hash}\n`);
  return hash.digest('hex');
}

export function sealHash(prevHash: string, seal: Pick<AuditSealRow, 'fromXact' | 'toXact' | 'eventCount' | 'root'>): string {
  return createHash('sha256')
    .update(prevHash)
    .update(JSON.stringify([seal.fromXact, seal.toXact, seal.eventCount, seal.root]))
    .digest('hex');
}

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/**
 * Seals every finished event not yet sealed, in seals of at most SEAL_LIMIT events. Returns how
 * many events it sealed (0 when another instance holds the turn or there was nothing to seal).
 */
export async function sealAuditEvents(db: Database): Promise<{ events: number; seals: number }> {
  let events = 0;
  let seals = 0;
  for (;;) {
    const sealed = await sealOnce(db);
    if (sealed === null) break;
    events += sealed;
    seals += 1;
  }
  return { events, seals };
}

/** One seal; null when there was nothing to seal or the lock was taken. */
async function sealOnce(db: Database): Promise<number | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const lock = await one<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SEAL_LOCK}) as locked`);
    if (!lock?.locked) return null;
    const horizon = await one<{ xmin: string }>(tx, OLDEST_RUNNING_HERE);
    const [last] = await tx.select().from(auditSeals).orderBy(desc(auditSeals.id)).limit(1);
    const from = last?.toXact ?? 0;
    let to = Number(horizon!.xmin);
    if (to <= from) return null;

    // Too many events: end the range at a transaction boundary after the first SEAL_LIMIT.
    const [beyond] = await tx
      .select({ xactId: auditEvents.xactId })
      .from(auditEvents)
      .where(and(gte(auditEvents.xactId, from), lt(auditEvents.xactId, to)))
      .orderBy(asc(auditEvents.xactId))
      .offset(SEAL_LIMIT)
      .limit(1);
    if (beyond) to = Math.max(beyond.xactId, from + 1);

    const rows = await tx
      .select({ id: auditEvents.id, hash: auditEvents.hash, occurredAt: auditEvents.occurredAt })
      .from(auditEvents)
      .where(and(gte(auditEvents.xactId, from), lt(auditEvents.xactId, to)))
      .orderBy(asc(auditEvents.id));
    if (rows.length === 0) return null;

    const prevHash = last?.hash ?? GENESIS_HASH;
    const seal = { fromXact: from, toXact: to, eventCount: rows.length, root: sealRoot(rows) };
    const lastOccurredAt = rows.reduce((latest, row) => (row.occurredAt > latest ? row.occurredAt : latest), rows[0]!.occurredAt);
    await tx.insert(auditSeals).values({
      ...seal,
      firstEventId: rows[0]!.id,
      lastEventId: rows[rows.length - 1]!.id,
      lastOccurredAt,
      prevHash,
      hash: sealHash(prevHash, seal),
    });
    return rows.length;
  });
}

export type AuditProblem =
  | { kind: 'event-changed'; eventId: number }
  | { kind: 'seal-changed'; sealId: number }
  | { kind: 'seal-events-differ'; sealId: number; expected: number; found: number };

export interface AuditVerification {
  intact: boolean;
  /** Events whose own hash was recomputed. */
  checked: number;
  seals: number;
  archivedSeals: number;
  /** Events newer than the last seal: checked by their own hash only. */
  unsealed: number;
  problem: AuditProblem | null;
  /** The event where the trail breaks (for a seal, its first event); null when intact. */
  brokenAt: number | null;
}

const PAGE = 5_000;

/** Recomputes every event's hash and every seal. Read-only. */
export async function verifyAuditTrail(db: Database): Promise<AuditVerification> {
  const result: AuditVerification = { intact: true, checked: 0, seals: 0, archivedSeals: 0, unsealed: 0, problem: null, brokenAt: null };
  const fail = (problem: AuditProblem, brokenAt: number | null): AuditVerification => ({ ...result, intact: false, problem, brokenAt });

  let prevHash = GENESIS_HASH;
  let lastSealId = 0;
  let sealedUpTo = 0;
  for (;;) {
    const seals = await db.select().from(auditSeals).where(gt(auditSeals.id, lastSealId)).orderBy(asc(auditSeals.id)).limit(100);
    if (seals.length === 0) break;
    for (const seal of seals) {
      if (seal.prevHash !== prevHash || sealHash(prevHash, seal) !== seal.hash || seal.fromXact !== sealedUpTo) {
        return fail({ kind: 'seal-changed', sealId: seal.id }, seal.firstEventId);
      }
      prevHash = seal.hash;
      lastSealId = seal.id;
      sealedUpTo = seal.toXact;
      result.seals += 1;
      if (seal.archivedAt) {
        result.archivedSeals += 1;
        continue;
      }
      const events = await eventsIn(db, seal.fromXact, seal.toXact);
      const changed = events.find((event) => auditHash(event.prevHash, event) !== event.hash);
      if (changed) return fail({ kind: 'event-changed', eventId: changed.id }, changed.id);
      result.checked += events.length;
      if (events.length !== seal.eventCount || sealRoot(events) !== seal.root) {
        return fail({ kind: 'seal-events-differ', sealId: seal.id, expected: seal.eventCount, found: events.length }, seal.firstEventId);
      }
    }
  }

  // Not sealed yet: each event's own hash.
  let lastId = 0;
  for (;;) {
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(gte(auditEvents.xactId, sealedUpTo), gt(auditEvents.id, lastId)))
      .orderBy(asc(auditEvents.id))
      .limit(PAGE);
    if (events.length === 0) break;
    const changed = events.find((event) => auditHash(event.prevHash, event) !== event.hash);
    if (changed) return fail({ kind: 'event-changed', eventId: changed.id }, changed.id);
    result.checked += events.length;
    result.unsealed += events.length;
    lastId = events[events.length - 1]!.id;
  }
  return result;
}

async function eventsIn(db: Database, from: number, to: number): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(and(gte(auditEvents.xactId, from), lt(auditEvents.xactId, to)))
    .orderBy(asc(auditEvents.id));
}

/** One archived seal as it is written out: the seal, then its events. */
export interface ArchivedSeal {
  seal: AuditSealRow;
  events: AuditEventRow[];
}

/**
 * Moves the events of every seal whose events all happened before `before` out of the table: each
 * seal and its events are handed to `write` (which must have stored them durably when it
 * resolves), then the seal is marked archived and its events deleted, in one transaction per seal.
 * The seals stay, so the chain still verifies, and an archive can be checked against them.
 */
export async function archiveAuditEvents(
  db: Database,
  before: Date,
  archiveName: string,
  write: (archived: ArchivedSeal) => Promise<void>,
): Promise<{ seals: number; events: number }> {
  let seals = 0;
  let events = 0;
  for (;;) {
    const [seal] = await db
      .select()
      .from(auditSeals)
      .where(and(sql`${auditSeals.archivedAt} is null`, lt(auditSeals.lastOccurredAt, before)))
      .orderBy(asc(auditSeals.id))
      .limit(1);
    if (!seal) break;
    const rows = await eventsIn(db, seal.fromXact, seal.toXact);
    await write({ seal, events: rows });
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      await tx.update(auditSeals).set({ archivedAt: new Date(), archiveName }).where(eq(auditSeals.id, seal.id));
      await tx.delete(auditEvents).where(and(gte(auditEvents.xactId, seal.fromXact), lt(auditEvents.xactId, seal.toXact)));
    });
    seals += 1;
    events += rows.length;
  }
  return { seals, events };
}

/** Checks archived seals' events (as read back from an archive) against the seals in the database. */
export async function verifyArchive(db: Database, archived: readonly ArchivedSeal[]): Promise<AuditVerification> {
  const result: AuditVerification = { intact: true, checked: 0, seals: 0, archivedSeals: 0, unsealed: 0, problem: null, brokenAt: null };
  for (const { seal: claimed, events } of archived) {
    const [seal] = await db.select().from(auditSeals).where(eq(auditSeals.id, claimed.id));
    if (!seal || seal.hash !== claimed.hash)
      return { ...result, intact: false, problem: { kind: 'seal-changed', sealId: claimed.id }, brokenAt: claimed.firstEventId };
    const ordered = [...events].sort((a, b) => a.id - b.id);
    const changed = ordered.find((event) => auditHash(event.prevHash, event) !== event.hash);
    if (changed) return { ...result, intact: false, problem: { kind: 'event-changed', eventId: changed.id }, brokenAt: changed.id };
    if (ordered.length !== seal.eventCount || sealRoot(ordered) !== seal.root) {
      return {
        ...result,
        intact: false,
        problem: { kind: 'seal-events-differ', sealId: seal.id, expected: seal.eventCount, found: ordered.length },
        brokenAt: seal.firstEventId,
      };
    }
    result.seals += 1;
    result.archivedSeals += 1;
    result.checked += ordered.length;
  }
  return result;
}
