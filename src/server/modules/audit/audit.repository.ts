import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { auditActionsIn, type AuditFilter } from '../../../contracts/audit';
import { containsPattern } from '../../db/like-pattern';
import { auditEvents, users } from '../../db/schema';
import { verifyAuditTrail, type AuditVerification } from '../../platform/audit-seal';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// Reads of the audit trail, each noted on the request's own audit event: reading the trail is
// itself on the trail (who looked, with which filters). Writes go through platform/audit.ts only
// (and the database refuses anything but INSERT). The auditor's viewer sees every event; the
// patient's access log only the events concerning the patient who asks.

const actors = alias(users, 'audit_actor');
const patients = alias(users, 'audit_patient');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const eventColumns = {
  id: auditEvents.id,
  occurredAt: auditEvents.occurredAt,
  actorUserId: auditEvents.actorUserId,
  actorRole: auditEvents.actorRole,
  actorFirstName: actors.firstName,
  actorLastName: actors.lastName,
  actorCurrentRole: actors.role,
  action: auditEvents.action,
  outcome: auditEvents.outcome,
  resourceType: auditEvents.resourceType,
  resourceId: auditEvents.resourceId,
  patientId: auditEvents.patientId,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  requestId: auditEvents.requestId,
  details: auditEvents.details,
};

export type AuditEventListRow = {
  id: number;
  occurredAt: Date;
  actorUserId: string | null;
  actorRole: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorCurrentRole: (typeof users.$inferSelect)['role'] | null;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  resourceType: string | null;
  resourceId: string | null;
  patientId: string | null;
  patientFirstName: string | null;
  patientLastName: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: unknown;
};

export interface AccessLogRow {
  id: number;
  occurredAt: Date;
  actorUserId: string | null;
  actorRole: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorPosition: string | null;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  emergency: boolean;
}

/** The start of a day (YYYY-MM-DD, UTC) or the instant given. */
function startOf(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
}

/** `to` includes the whole of a day given without a time. */
function endOf(value: string): Date {
  const start = startOf(value);
  return value.length === 10 ? new Date(start.getTime() + 24 * 60 * 60 * 1000) : new Date(start.getTime() + 1);
}

/** An id matches exactly; anything else is part of a name or an email. */
function personMatch(
  column: PgColumn,
  person: { firstName: PgColumn; lastName: PgColumn; email: PgColumn },
  text: string,
): SQL | undefined {
  if (UUID.test(text)) return eq(column, text);
  const pattern = containsPattern(text);
  return or(ilike(sql`${person.firstName} || ' ' || ${person.lastName}`, pattern), ilike(person.email, pattern));
}

/** A patient by id also matches the lists that returned them; by name, the events about them alone. */
function patientMatch(text: string): SQL | undefined {
  if (UUID.test(text)) return or(eq(auditEvents.patientId, text), sql`${auditEvents.patientIds} @> array[${text}]::uuid[]`);
  return personMatch(auditEvents.patientId, patients, text);
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.user ? personMatch(auditEvents.actorUserId, actors, filter.user) : undefined,
    filter.patient ? patientMatch(filter.patient) : undefined,
    // An action code or its beginning ("auth." lists every sign-in event).
    filter.action ? ilike(auditEvents.action, `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.outcome ? eq(auditEvents.outcome, filter.outcome) : undefined,
    filter.category ? inArray(auditEvents.action, auditActionsIn(filter.category)) : undefined,
    filter.from ? gte(auditEvents.occurredAt, startOf(filter.from)) : undefined,
    filter.to ? lt(auditEvents.occurredAt, endOf(filter.to)) : undefined,
  );
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
    category: filter.category ?? null,
    from: filter.from ?? null,
    to: filter.to ?? null,
  };
}

/** When the patient filter names one person by id, the read is about that patient's data. */
function patientsOf(filter: AuditFilter): string[] {
  return filter.patient && isUuid(filter.patient) ? [filter.patient] : [];
}

export class AuditRepository extends Repository {
  private joined() {
    return this.db
      .select(eventColumns)
      .from(auditEvents)
      .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
      .leftJoin(patients, eq(patients.id, auditEvents.patientId));
  }

  async list(filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditEventListRow[]; total: number }> {
    const where = whereOf(filter);
    const [rows, [total]] = await Promise.all([
      this.joined()
        .where(where)
        .orderBy(desc(auditEvents.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ value: count() })
        .from(auditEvents)
        .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
        .leftJoin(patients, eq(patients.id, auditEvents.patientId))
        .where(where),
    ]);
    this.audit.read('audit.list', 'audit_events', null, patientsOf(filter), { ...filterDetails(filter), page, count: rows.length });
    return { rows: rows as AuditEventListRow[], total: Number(total?.value ?? 0) };
  }

  /** How many events the filter matches. Not noted: it is a step of an export, noted by `startExport`. */
  async count(filter: AuditFilter): Promise<number> {
    const [total] = await this.db
      .select({ value: count() })
      .from(auditEvents)
      .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
      .leftJoin(patients, eq(patients.id, auditEvents.patientId))
      .where(whereOf(filter));
    return Number(total?.value ?? 0);
  }

  /** Notes an export before its first line leaves: an interrupted download still counts. */
  startExport(filter: AuditFilter): void {
    this.audit.read('audit.export', 'audit_events', null, patientsOf(filter), filterDetails(filter));
  }

  /**
   * Newest first, in batches below `beforeId` (keyset paging: an export is not slowed by offsets).
   * Not noted: the export's one event (`startExport`) covers every batch of it.
   */
  async batch(filter: AuditFilter, beforeId: number | null, size: number): Promise<AuditEventListRow[]> {
    const rows = await this.joined()
      .where(and(whereOf(filter), beforeId === null ? undefined : lt(auditEvents.id, beforeId)))
      .orderBy(desc(auditEvents.id))
      .limit(size);
    return rows as AuditEventListRow[];
  }

  /**
   * The events about one patient's data, by anyone but the patient: newest first. The actor's name
   * comes from the users table; the page decides what of it a patient may see.
   */
  async accessLog(
    patientId: string,
    page: number,
    pageSize: number,
    /** Only these actions (one category of them), when given. */
    actions?: readonly string[],
  ): Promise<{ rows: AccessLogRow[]; total: number }> {
    await this.reachPatient(patientId, 'access-log.read');
    const where = and(
      // One patient read alone, or among the patients a list returned.
      or(eq(auditEvents.patientId, patientId), sql`${auditEvents.patientIds} @> array[${patientId}]::uuid[]`),
      or(sql`${auditEvents.actorUserId} is null`, ne(auditEvents.actorUserId, patientId)),
      // Only what concerns their data: a failed lookup of an id is not an access.
      inArray(auditEvents.outcome, ['success', 'denied']),
      actions ? inArray(auditEvents.action, [...actions]) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: auditEvents.id,
          occurredAt: auditEvents.occurredAt,
          actorUserId: auditEvents.actorUserId,
          actorRole: auditEvents.actorRole,
          actorFirstName: actors.firstName,
          actorLastName: actors.lastName,
          actorPosition: actors.position,
          action: auditEvents.action,
          outcome: auditEvents.outcome,
          // The request's break-the-glass reason rides on its event (access-context.ts); the patient
          // learns that it was an emergency access, not the reason's words.
          emergency: sql<boolean>`coalesce(${auditEvents.details} ? 'breakGlass', false)`,
        })
        .from(auditEvents)
        .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
        .where(where)
        .orderBy(desc(auditEvents.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ value: count() }).from(auditEvents).where(where),
    ]);
    // Under the patient's own id, so it is not listed back to them (their own action).
    this.audit.read('access-log.read', 'audit_events', null, [patientId], { page, count: rows.length });
    return { rows, total: Number(total?.value ?? 0) };
  }

  /** Recomputes every event's hash and every seal (read-only), and notes the check with its result. */
  async verifyChain(): Promise<AuditVerification> {
    const result = await verifyAuditTrail(this.db);
    this.audit.note({
      action: 'audit.verify',
      resourceType: 'audit_events',
      details: { intact: result.intact, checked: result.checked, brokenAt: result.brokenAt },
    });
    return result;
  }
}
