import type { AuditActionCode } from '../../contracts/audit';
import type { AuditEventInput, AuditLog } from './audit';

// The audit of a read of patient data: each patient whose data left the server has
// an event under their own id, so it shows in their "who opened my record" log. A read that
// returned nobody's data is still on record, attributed to no patient.

export type ReadContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

export async function auditPatientReads(
  audit: AuditLog,
  context: ReadContext,
  event: { action: AuditActionCode; resourceType: string; resourceId?: string | null; details?: Record<string, unknown> },
  patientIds: Iterable<string>,
): Promise<void> {
  const distinct = [...new Set(patientIds)];
  if (distinct.length === 0) {
    await audit.record({ ...context, ...event, outcome: 'success' });
    return;
  }
  for (const patientId of distinct) await audit.record({ ...context, ...event, outcome: 'success', patientId });
}

/** A read refused because the record is missing or out of reach: no patient named (the two look alike). */
export async function auditMissedRead(
  audit: AuditLog,
  context: ReadContext,
  event: { action: AuditActionCode; resourceType: string; resourceId: string },
): Promise<void> {
  await audit.record({ ...context, ...event, outcome: 'failure' });
}

export { isUuid } from './ids';
