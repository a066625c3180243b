import { createHash } from 'node:crypto';

// The hash of one audit event, as written and as verified: the same function both ways.

export type AuditOutcome = 'success' | 'failure' | 'denied';

export const GENESIS_HASH = '0'.repeat(64);

export interface Hashable {
  occurredAt: Date;
  actorUserId: string | null;
  actorRole: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  patientId: string | null;
  patientIds?: readonly string[] | null;
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

/**
 * The hash of one event. `prevHash` is the previous row's hash for rows written while the trail was
 * one chain, and GENESIS_HASH for every row since (batches are chained by their seals instead).
 * The patient list joins the hashed fields only when present, so older rows hash as they always did.
 */
export function auditHash(prevHash: string, event: Hashable): string {
  const fields: unknown[] = [
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
  ];
  if (event.patientIds && event.patientIds.length > 0) fields.push([...event.patientIds]);
  return createHash('sha256').update(prevHash).update(JSON.stringify(fields)).digest('hex');
}
