import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditActionCode } from '../../contracts/audit';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { auditEvents } from '../db/schema';
import { auditHash, GENESIS_HASH, type AuditOutcome, type Hashable } from './audit-hash';

export type { AuditOutcome } from './audit-hash';
export { GENESIS_HASH, auditHash } from './audit-hash';
import { verifyAuditTrail, type AuditVerification } from './audit-seal';

// The audit trail: every sign-in event, denied request and read or write of patient data appends
// one event. Writing takes no lock: each row carries the hash of its own content, and a background
// job seals finished rows into a hash chain of batches (audit-seal.ts). Reads are group-committed:
// events recorded while an insert is in flight go together in the next one, so many concurrent
// requests share one statement and one commit, and each caller still waits until its event is durable.

export interface AuditEventInput {
  action: AuditActionCode;
  outcome: AuditOutcome;
  actorUserId?: string | null;
  actorRole?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  /** The one patient the event concerns. */
  patientId?: string | null;
  /** Every patient a list returned, when there were several (patientId is then left empty). */
  patientIds?: readonly string[] | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  /** Never PHI or secrets: ids, reasons, counts. */
  details?: Record<string, unknown> | null;
}

// PostgreSQL refuses NUL in text and jsonb; an event must never fail to be written because a
// caller's input carried one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what must go
const NUL = /\u0000/g;

// Nor can it carry half of a surrogate pair: the events travel to the database as one JSON
// document, which PostgreSQL refuses whole if one string holds such a half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function cleanString(value: string): string {
  return value.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanString(k), clean(v)]));
  }
  return value;
}

function cleanText(value: string | null | undefined, max: number): string | null {
  // Cut, then mend: a cut through a surrogate pair leaves half of it.
  return value == null ? null : cleanString(value.replace(NUL, '').slice(0, max));
}

/**
 * The columns an event is written with (the id and the writing transaction's id are the
 * database's). Rows travel as one JSON document, so an insert of one event and of five hundred is
 * the same short statement: no SQL to build per batch, and nothing for PostgreSQL to plan anew for
 * each batch size.
 */
const COLUMNS = sql.raw(
  'occurred_at, actor_user_id, actor_role, action, resource_type, resource_id, patient_id, patient_ids, outcome, ip, user_agent, request_id, details, prev_hash, hash',
);

function jsonRow(row: AuditRowValues): Record<string, unknown> {
  return {
    occurred_at: row.occurredAt,
    actor_user_id: row.actorUserId,
    actor_role: row.actorRole,
    action: row.action,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    patient_id: row.patientId,
    patient_ids: row.patientIds,
    outcome: row.outcome,
    ip: row.ip,
    user_agent: row.userAgent,
    request_id: row.requestId,
    details: row.details,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

/** The one statement that inserts `rows`. */
function auditInsert(rows: readonly AuditRowValues[]): SQL {
  const document = JSON.stringify(rows.map(jsonRow));
  return sql`insert into audit_events (${COLUMNS}) select ${COLUMNS} from jsonb_populate_recordset(null::audit_events, ${document}::jsonb)`;
}

/** Inserts `rows` in one statement on `db` (the audit writer's connections, or a write's transaction). */
export async function insertAuditRows(db: Database, rows: readonly AuditRowValues[]): Promise<void> {
  await db.execute(auditInsert(rows));
}

export type AuditRowValues = typeof auditEvents.$inferInsert;

/** The row for an event: its fields, cleaned and hashed. */
export function auditRow(input: AuditEventInput, occurredAt: Date = new Date()): AuditRowValues {
  const patientIds = input.patientIds && input.patientIds.length > 0 ? [...new Set(input.patientIds)].sort() : null;
  const single = input.patientId ?? (patientIds?.length === 1 ? patientIds[0]! : null);
  const event: Hashable = {
    // Milliseconds, as the database returns them, so the hash can be recomputed from a read.
    occurredAt: new Date(Math.floor(occurredAt.getTime())),
    actorUserId: input.actorUserId ?? null,
    actorRole: input.actorRole ?? null,
    action: cleanText(input.action, 200)!,
    resourceType: cleanText(input.resourceType, 100),
    resourceId: cleanText(input.resourceId, 200),
    patientId: single,
    patientIds: single && patientIds?.length === 1 ? null : patientIds,
    outcome: input.outcome,
    ip: cleanText(input.ip, 100),
    userAgent: cleanText(input.userAgent, 500),
    requestId: cleanText(input.requestId, 100),
    details: input.details ? clean(input.details) : null,
  };
  return {
    ...event,
    patientIds: event.patientIds ? [...event.patientIds] : null,
    prevHash: GENESIS_HASH,
    hash: auditHash(GENESIS_HASH, event),
  };
}

interface Pending {
  row: AuditRowValues;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** At most this many events in one insert; a longer queue goes in several. */
const BATCH_LIMIT = 500;
/** Inserts in flight at once: a second one lets a new batch start while a slow commit finishes. */
const CONCURRENT_FLUSHES = 2;

/**
 * Refusals that a flood repeats (the same caller, address, refusal and route) are written once per
 * window: the first as it happens, the rest counted here and written as one event with the count
 * (`repeats`) when the window closes. The table then grows with the number of distinct callers,
 * not with the number of requests. Counts live in the process: a crash loses at most one window's.
 */
export const REPEAT_WINDOW_MS = 60_000;
/** Distinct kinds tracked at once; past this, further kinds are counted without caller or address. */
const REPEAT_KINDS_LIMIT = 10_000;

interface Repeated {
  event: AuditEventInput;
  since: number;
  count: number;
}

export class AuditLog {
  private readonly queue: Pending[] = [];
  private flushing = 0;
  private readonly idle = new Set<() => void>();
  private readonly repeated = new Map<string, Repeated>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A refusal a flood may repeat. True when it is the first of its kind (`key`) in its window: the
   * caller records it as usual. False when it was counted instead and must not be recorded.
   */
  countRepeat(key: string, event: () => AuditEventInput): boolean {
    const now = this.now().getTime();
    let kind = key;
    if (!this.repeated.has(kind) && this.repeated.size >= REPEAT_KINDS_LIMIT) {
      const { action, outcome, resourceType, resourceId, details } = event();
      kind = `overflow|${action}`;
      if (!this.repeated.has(kind)) {
        // Too many kinds at once: this one stands for all the rest, without who or where.
        this.repeated.set(kind, {
          event: { action, outcome, resourceType, resourceId, details: { ...details, overflow: true } },
          since: now,
          count: 1,
        });
        return true;
      }
    }
    const seen = this.repeated.get(kind);
    if (seen && now - seen.since < REPEAT_WINDOW_MS) {
      seen.count += 1;
      return false;
    }
    if (seen) this.closeRepeat(kind, seen, now);
    this.repeated.set(kind, { event: event(), since: now, count: 0 });
    return true;
  }

  /** Writes the counts of windows that have closed (all of them when `all`), and forgets those windows. */
  async flushRepeats(all = true): Promise<void> {
    const now = this.now().getTime();
    const written: Array<Promise<void>> = [];
    for (const [kind, seen] of this.repeated) {
      if (!all && now - seen.since < REPEAT_WINDOW_MS) continue;
      const done = this.closeRepeat(kind, seen, now);
      if (done) written.push(done);
    }
    await Promise.all(written);
  }

  private closeRepeat(kind: string, seen: Repeated, now: number): Promise<void> | null {
    this.repeated.delete(kind);
    if (seen.count === 0) return null;
    return this.record({
      ...seen.event,
      requestId: null,
      details: { ...seen.event.details, repeats: seen.count, from: new Date(seen.since).toISOString(), to: new Date(now).toISOString() },
    });
  }

  /** Appends an event; resolves once it is durable (committed), rejects if it could not be written. */
  record(input: AuditEventInput): Promise<void> {
    const row = auditRow(input, this.now());
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (this.flushing < CONCURRENT_FLUSHES) void this.drain();
    });
  }

  /** Inserts events inside a caller's transaction: they commit, or roll back, with its write. */
  async insertIn(tx: Database, inputs: readonly AuditEventInput[]): Promise<void> {
    if (inputs.length === 0) return;
    await tx.execute(this.insertStatement(inputs));
  }

  /**
   * The statement that inserts these events, for a write to run in its transaction, alone or
   * within another statement (the outbox's), so that they commit or roll back with it.
   */
  insertStatement(inputs: readonly AuditEventInput[]): SQL {
    const at = this.now();
    return auditInsert(inputs.map((input) => auditRow(input, at)));
  }

  /** Recomputes every event's hash and every seal (read-only). */
  verifyChain(): Promise<AuditVerification> {
    return verifyAuditTrail(this.db);
  }

  /** Resolves when every event recorded so far has been written (shutdown, tests). */
  async settled(): Promise<void> {
    if (this.flushing === 0 && this.queue.length === 0) return;
    await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  private async drain(): Promise<void> {
    this.flushing += 1;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_LIMIT);
        await this.write(batch);
      }
    } finally {
      this.flushing -= 1;
      if (this.flushing === 0 && this.queue.length === 0) {
        for (const resolve of this.idle) resolve();
        this.idle.clear();
      }
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      await insertAuditRows(
        this.db,
        batch.map((p) => p.row),
      );
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One event the database refuses must not take its neighbours down with it.
      for (const p of batch) {
        try {
          await insertAuditRows(this.db, [p.row]);
          p.resolve();
        } catch (single) {
          p.reject(single);
        }
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
  }
}

/** The "where" and "who" of an event, from the request it happened in. */
export function requestAuditContext(
  request: FastifyRequest,
): Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'> {
  return {
    actorUserId: request.session?.userId ?? null,
    actorRole: request.session?.role ?? null,
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    requestId: request.id,
  };
}

export function registerAudit(app: FastifyInstance): void {
  const audit = new AuditLog(app.database.auditDb);
  app.decorate('audit', audit);
  // Counts of repeated refusals are written as their windows close.
  const timer = setInterval(() => {
    audit.flushRepeats(false).catch((error: unknown) => app.log.error({ err: error }, 'repeated refusals could not be audited'));
  }, REPEAT_WINDOW_MS / 6);
  timer.unref();
  // Events still queued, and the counts so far, are written before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await audit.flushRepeats().catch((error: unknown) => app.log.error({ err: error }, 'repeated refusals could not be audited'));
    await audit.settled();
  });
}
