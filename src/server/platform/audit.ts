import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';

// The audit trail (DESIGN.md §6, SECURITY.md V16): every sign-in event, denied request and read or
// write of patient data appends one event. Rows are chained: each hash covers the row and the
// previous hash, and inserts are serialised by a transaction-scoped lock so the chain has no forks.

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEventInput {
  action: string;
  outcome: AuditOutcome;
  actorUserId?: string | null;
  actorRole?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  patientId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  /** Never PHI or secrets: ids, reasons, counts. */
  details?: Record<string, unknown> | null;
}

const AUDIT_LOCK = 7_201_003;
export const GENESIS_HASH = '0'.repeat(64);

interface Hashable {
  occurredAt: Date;
  actorUserId: string | null;
  actorRole: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  patientId: string | null;
  outcome: AuditOutcome;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: unknown;
}

/**
 * JSON with object keys sorted at every depth. The details are stored as jsonb, which keeps keys in
 * its own order, so the hash must not depend on the order the code wrote them in.
 */
function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonicalJson(v)]),
    );
  }
  return value;
}

export function auditHash(prevHash: string, event: Hashable): string {
  const canonical = JSON.stringify([
    event.occurredAt.toISOString(),
    event.actorUserId,
    event.actorRole,
    event.action,
    event.resourceType,
    event.resourceId,
    event.patientId,
    event.outcome,
    event.ip,
    event.userAgent,
    event.requestId,
    canonicalJson(event.details ?? null),
  ]);
  return createHash('sha256').update(prevHash).update(canonical).digest('hex');
}

export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(input: AuditEventInput): Promise<void> {
    const event: Hashable = {
      // Milliseconds, as the database returns them, so the hash can be recomputed from a read.
      occurredAt: new Date(Math.floor(Date.now())),
      actorUserId: input.actorUserId ?? null,
      actorRole: input.actorRole ?? null,
      action: input.action,
      resourceType: input.resourceType ?? null,
      resourceId: input.resourceId ?? null,
      patientId: input.patientId ?? null,
      outcome: input.outcome,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      requestId: input.requestId ?? null,
      details: input.details ?? null,
    };
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
      const [last] = await tx.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
      const prevHash = last?.hash ?? GENESIS_HASH;
      await tx.insert(auditEvents).values({ ...event, details: event.details, prevHash, hash: auditHash(prevHash, event) });
    });
  }

  /** Walks the chain; returns the id of the first event whose hash or link does not match, or null when intact. */
  async verifyChain(): Promise<{ intact: boolean; checked: number; brokenAt: number | null }> {
    let prevHash = GENESIS_HASH;
    let checked = 0;
    let lastId = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditEvents)
        .where(sql`${auditEvents.id} > ${lastId}`)
        .orderBy(asc(auditEvents.id))
        .limit(1000);
      if (rows.length === 0) return { intact: true, checked, brokenAt: null };
      for (const row of rows) {
        if (row.prevHash !== prevHash || auditHash(prevHash, row) !== row.hash) return { intact: false, checked, brokenAt: row.id };
        prevHash = row.hash;
        lastId = row.id;
        checked += 1;
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
  app.decorate('audit', new AuditLog(app.db));
}
