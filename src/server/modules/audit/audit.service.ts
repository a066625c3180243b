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
import { personNameOf } from '../../../contracts/person-name';
import { ROLES, type Role } from '../../../contracts/roles';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { csvLine } from './audit-csv';
import { AuditRepository, type AccessLogRow, type AuditEventListRow } from './audit.repository';

// The audit viewer, its CSV export, the chain check and the patient's access log. Each request
// is one audit event noted by the repository: reading the trail is itself on the trail.

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

/** The parts of a name for an event's person; empty when the account is gone. */
function namePartsOf(first: string | null, last: string | null): { firstName: string; lastName: string } {
  return { firstName: first ?? '', lastName: last ?? '' };
}

function toEvent(row: AuditEventListRow): AuditEvent {
  const actorName = fullName(row.actorFirstName, row.actorLastName);
  const patientName = fullName(row.patientFirstName, row.patientLastName);
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorUserId
      ? {
          id: row.actorUserId,
          name: actorName ?? '',
          ...namePartsOf(row.actorFirstName, row.actorLastName),
          role: row.actorCurrentRole ?? null,
        }
      : null,
    actorRole: row.actorRole,
    action: row.action,
    outcome: row.outcome,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    patient: row.patientId
      ? { id: row.patientId, name: patientName ?? '', ...namePartsOf(row.patientFirstName, row.patientLastName), role: 'patient' }
      : null,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    details: row.details && typeof row.details === 'object' ? (row.details as Record<string, unknown>) : null,
  };
}

export class AuditService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: { now?: () => Date } = {},
  ) {}

  list(ctx: AccessContext, query: AuditFilter & { page: number; pageSize: number }): Promise<AuditListResponse> {
    const { page, pageSize, ...filter } = query;
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(AuditRepository).list(filter, page, pageSize);
      return { data: rows.map(toEvent), page, pageSize, total };
    });
  }

  /**
   * The export as CSV lines, newest first, read in batches so a long trail never sits in memory.
   * The export is noted before the first line leaves (the request's event is written before the
   * answer starts): an interrupted download still counts.
   */
  async exportCsv(ctx: AccessContext, filter: AuditFilter): Promise<AsyncIterable<string>> {
    await this.uow.read(ctx, async (work) => work.use(AuditRepository).startExport(filter));
    return this.csvLines(ctx, filter);
  }

  /**
   * At most `limit` events of the filtered trail, newest first, for a report, and how many the
   * filter matches in all (counted only when the limit cut it): the same rows the export reads,
   * noted the same way (one note on the request's event, naming the filter).
   */
  reportEvents(ctx: AccessContext, filter: AuditFilter, limit: number): Promise<{ events: AuditEvent[]; total: number }> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(AuditRepository);
      repository.startExport(filter);
      const events: AuditEvent[] = [];
      let beforeId: number | null = null;
      while (events.length < limit) {
        const rows = await repository.batch(filter, beforeId, Math.min(EXPORT_BATCH, limit - events.length));
        if (rows.length === 0) break;
        events.push(...rows.map(toEvent));
        beforeId = rows[rows.length - 1]!.id;
      }
      return { events, total: events.length < limit ? events.length : await repository.count(filter) };
    });
  }

  /** How many events of the trail the filter matches: a count, for the reports page to warn of the row cap. */
  countForReport(ctx: AccessContext, filter: AuditFilter): Promise<number> {
    return this.uow.read(ctx, (work) => work.use(AuditRepository).count(filter));
  }

  private async *csvLines(ctx: AccessContext, filter: AuditFilter): AsyncGenerator<string> {
    yield csvLine(CSV_HEADER);
    let beforeId: number | null = null;
    let written = 0;
    while (written < AUDIT_EXPORT_LIMIT) {
      const size = Math.min(EXPORT_BATCH, AUDIT_EXPORT_LIMIT - written);
      const after: number | null = beforeId;
      const rows: AuditEventListRow[] = await this.uow.read(ctx, (work) => work.use(AuditRepository).batch(filter, after, size));
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

  chainStatus(ctx: AccessContext): Promise<AuditChainStatus> {
    return this.uow.read(ctx, async (work) => {
      const { intact, checked, brokenAt } = await work.use(AuditRepository).verifyChain();
      return { intact, checked, brokenAt, verifiedAt: this.now().toISOString() };
    });
  }

  /** The caller's own access log: who (by name only for the organisation's people), when, what. */
  accessLog(ctx: AccessContext, page: number, pageSize: number, category?: AuditCategory): Promise<AccessLogResponse> {
    return this.uow.read(ctx, async (work) => {
      const actions = category ? auditActionsIn(category) : undefined;
      const { rows, total } = await work.use(AuditRepository).accessLog(ctx.user.userId, page, pageSize, actions);
      return { data: rows.map(toAccessLogEntry), page, pageSize, total };
    });
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

function toAccessLogEntry(row: AccessLogRow): AccessLogResponse['data'][number] {
  const role = isRole(row.actorRole) ? row.actorRole : null;
  // Another patient (a shared link, a caregiver later) is shown by role only: their name is their data.
  const named = role !== null && role !== 'patient';
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: named ? personNameOf(row.actorFirstName, row.actorLastName) : null,
    actorRole: role,
    actorPosition: role === 'staff' ? row.actorPosition : null,
    action: row.action,
    outcome: row.outcome,
    emergency: row.emergency,
  };
}
