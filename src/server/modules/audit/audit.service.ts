import {
  AUDIT_EXPORT_LIMIT,
  auditActionsIn,
  type AuditCategory,
  type AccessLogResponse,
  type AuditChainStatus,
  type AuditEvent,
  type AuditFilter,
  type AuditListResponse,
} from '../../../contracts/audit';
import { ROLES, type Role } from '../../../contracts/roles';
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import { csvLine } from './audit-csv';
import type { AccessLogRow, AuditEventListRow, AuditRepository } from './audit.repository';

// The audit viewer, its CSV export, the chain check and the patient's access log.
// Reading the audit trail is itself on the trail (who looked, with which filters).

export type RequestContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

const EXPORT_BATCH = 1000;

export const CSV_HEADER = [
  'id',
  'occurred_at',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'outcome',
  'resource_type',
  'resource_id',
  'patient_id',
  'patient_name',
  'ip',
  'user_agent',
  'request_id',
  'details',
] as const;

function isRole(value: string | null): value is Role {
  return value !== null && (ROLES as readonly string[]).includes(value);
}

function fullName(first: string | null, last: string | null): string | null {
  return first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();
}

function toEvent(row: AuditEventListRow): AuditEvent {
  const actorName = fullName(row.actorFirstName, row.actorLastName);
  const patientName = fullName(row.patientFirstName, row.patientLastName);
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorUserId ? { id: row.actorUserId, name: actorName ?? '', role: row.actorCurrentRole ?? null } : null,
    actorRole: row.actorRole,
    action: row.action,
    outcome: row.outcome,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    patient: row.patientId ? { id: row.patientId, name: patientName ?? '', role: 'patient' } : null,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    details: row.details && typeof row.details === 'object' ? (row.details as Record<string, unknown>) : null,
  };
}

/** The filters as recorded on the trail: which fields were used, and ids only (a name typed may be PHI). */
function filterDetails(filter: AuditFilter): Record<string, unknown> {
  return {
    filters: Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key]) => key)
      .sort(),
    action: filter.action ?? null,
    outcome: filter.outcome ?? null,
    from: filter.from ?? null,
    to: filter.to ?? null,
  };
}

/** When the patient filter names one person by id, the read is about that patient's data. */
function patientOf(filter: AuditFilter): string | null {
  return filter.patient && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(filter.patient) ? filter.patient : null;
}

export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(query: AuditFilter & { page: number; pageSize: number }, context: RequestContext): Promise<AuditListResponse> {
    const { page, pageSize, ...filter } = query;
    const { rows, total } = await this.repository.list(filter, page, pageSize);
    await this.audit.record({
      ...context,
      action: 'audit.list',
      outcome: 'success',
      resourceType: 'audit_events',
      patientId: patientOf(filter),
      details: { ...filterDetails(filter), page, count: rows.length },
    });
    return { data: rows.map(toEvent), page, pageSize, total };
  }

  /**
   * The export as CSV lines, newest first, read in batches so a long trail never sits in memory.
   * The export is audited before the first line leaves: an interrupted download still counts.
   */
  async *exportCsv(filter: AuditFilter, context: RequestContext): AsyncGenerator<string> {
    await this.audit.record({
      ...context,
      action: 'audit.export',
      outcome: 'success',
      resourceType: 'audit_events',
      patientId: patientOf(filter),
      details: filterDetails(filter),
    });
    yield csvLine(CSV_HEADER);
    let beforeId: number | null = null;
    let written = 0;
    while (written < AUDIT_EXPORT_LIMIT) {
      const rows = await this.repository.batch(filter, beforeId, Math.min(EXPORT_BATCH, AUDIT_EXPORT_LIMIT - written));
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        const event = toEvent(row);
        chunk += csvLine([
          event.id,
          event.occurredAt,
          event.actor?.id,
          event.actor?.name,
          event.actorRole,
          event.action,
          event.outcome,
          event.resourceType,
          event.resourceId,
          event.patient?.id,
          event.patient?.name,
          event.ip,
          event.userAgent,
          event.requestId,
          event.details,
        ]);
      }
      yield chunk;
      written += rows.length;
      beforeId = rows[rows.length - 1]!.id;
    }
  }

  async chainStatus(context: RequestContext): Promise<AuditChainStatus> {
    const result = await this.audit.verifyChain();
    await this.audit.record({
      ...context,
      action: 'audit.verify',
      outcome: 'success',
      resourceType: 'audit_events',
      details: { intact: result.intact, checked: result.checked, brokenAt: result.brokenAt },
    });
    return { ...result, verifiedAt: new Date().toISOString() };
  }

  /** The patient's own access log: who (by name only for the organisation's people), when, what. */
  async accessLog(
    patientId: string,
    page: number,
    pageSize: number,
    context: RequestContext,
    category?: AuditCategory,
  ): Promise<AccessLogResponse> {
    const { rows, total } = await this.repository.accessLog(patientId, page, pageSize, category ? auditActionsIn(category) : undefined);
    // Recorded under the patient's own id, so it is not listed back to them (their own action).
    await this.audit.record({
      ...context,
      action: 'access-log.read',
      outcome: 'success',
      resourceType: 'audit_events',
      patientId,
      details: { page, count: rows.length },
    });
    return { data: rows.map(toAccessLogEntry), page, pageSize, total };
  }
}

function toAccessLogEntry(row: AccessLogRow): AccessLogResponse['data'][number] {
  const role = isRole(row.actorRole) ? row.actorRole : null;
  // Another patient (a shared link, a caregiver later) is shown by role only: their name is their data.
  const named = role !== null && role !== 'patient';
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorName: named ? fullName(row.actorFirstName, row.actorLastName) : null,
    actorRole: role,
    actorPosition: role === 'staff' ? row.actorPosition : null,
    action: row.action,
    outcome: row.outcome,
  };
}
