import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LabFlag } from '../../../contracts/health-records';
import type { LiveEvent } from '../../../contracts/live-events';
import type { PersonNameParts } from '../../../contracts/person-name';
import {
  ATTACHABLE_STATUSES,
  COLLECTED_KINDS,
  ORDER_ATTACHMENTS_MAX,
  ORDER_MESSAGES,
  ORDER_STEPS,
  REPORT_KINDS,
  type OrderKind,
  type OrderListFilter,
  type OrderPriority,
  type OrderStatus,
  type OrderStep,
  type ReportFlag,
} from '../../../contracts/orders';
import type { ResultFileFormat } from '../../../contracts/result-import';
import type { TaskPriority } from '../../../contracts/tasks';
import { documents, labOrders, labResultComponents, patientProfiles, tasks, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A doctor's orders and their results, in the caller's scope: an order of a patient the caller does
// not reach answers 404 like a missing one (noted without naming anybody). Every read notes the
// patients it returned; every change is noted under its patient (ids, kinds, counts: never values)
// and pushed to the ordering doctor, and to the patient only once released.

const orderers = alias(users, 'order_orderer');
const patients = alias(users, 'order_patient');

const columns = {
  id: labOrders.id,
  patientId: labOrders.patientId,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  kind: labOrders.kind,
  panelCode: labOrders.panelCode,
  panelName: labOrders.panelName,
  priority: labOrders.priority,
  status: labOrders.status,
  reason: labOrders.reason,
  target: labOrders.target,
  notes: labOrders.notes,
  report: labOrders.report,
  findings: labOrders.findings,
  consultant: labOrders.consultant,
  repliedOn: labOrders.repliedOn,
  reportFlag: labOrders.reportFlag,
  orderedById: labOrders.orderedBy,
  ordererFirstName: orderers.firstName,
  ordererLastName: orderers.lastName,
  orderedAt: labOrders.orderedAt,
  collectedAt: labOrders.collectedAt,
  resultedAt: labOrders.resultedAt,
  reviewedAt: labOrders.reviewedAt,
  releasedAt: labOrders.releasedAt,
  cancelledAt: labOrders.cancelledAt,
  cancelReason: labOrders.cancelReason,
  version: labOrders.version,
};

/**
 * How bad an order's results are: a critical component or an urgent report, then a component out of
 * range or an abnormal report, then nothing flagged.
 */
const SEVERITY = sql<number>`greatest(coalesce((select max(case ${labResultComponents.flag} when 'critical' then 2 when 'normal' then 0 else 1 end) from ${labResultComponents} where ${labResultComponents.orderId} = ${labOrders.id}), 0), case ${labOrders.reportFlag} when 'urgent' then 2 when 'abnormal' then 1 else 0 end)`;
/** Results waiting for review first, then orders under way, then the finished ones. */
const STAGE = sql<number>`case ${labOrders.status} when 'resulted' then 0 when 'collected' then 1 when 'ordered' then 1 else 2 end`;

const FILTERS: Record<OrderListFilter, SQL | undefined> = {
  all: undefined,
  open: inArray(labOrders.status, ['ordered', 'collected', 'resulted']),
  ordered: eq(labOrders.status, 'ordered'),
  collected: eq(labOrders.status, 'collected'),
  resulted: eq(labOrders.status, 'resulted'),
  reviewed: eq(labOrders.status, 'reviewed'),
  cancelled: eq(labOrders.status, 'cancelled'),
};

export interface NewOrder {
  patientId: string;
  kind: OrderKind;
  standardCode: string;
  name: string;
  priority: OrderPriority;
  reason: string;
  target: string | null;
  notes: string | null;
}

export interface EnteredComponent {
  loincCode: string;
  name: string;
  value: number;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  flag: LabFlag;
}

/** An imaging report or a referral's reply, as entered. */
export interface EnteredReport {
  report: string;
  findings: string | null;
  consultant: string | null;
  repliedOn: string | null;
  reportFlag: ReportFlag;
}

export class OrdersRepository extends Repository {
  /** 404 unless the caller reaches the patient; a route's check before the body is read. */
  async reach(patientId: string): Promise<void> {
    await this.reachPatient(patientId, 'order.create');
  }

  /** 404 unless the order exists and the caller reaches its patient; a route's check before the body is read. */
  async reachOrder(id: string, action: OrderAction): Promise<void> {
    await this.find(id, action);
  }

  async create(values: NewOrder, at: Date) {
    await this.reachPatient(values.patientId, 'order.create');
    const [row] = await this.db
      .insert(labOrders)
      .values({
        patientId: values.patientId,
        kind: values.kind,
        panelCode: values.standardCode,
        panelName: values.name,
        priority: values.priority,
        reason: values.reason,
        target: values.target,
        notes: values.notes,
        status: 'ordered',
        orderedBy: this.scope.actor.userId,
        orderedAt: at,
        updatedAt: at,
      })
      .returning({ id: labOrders.id });
    this.audit.note({
      action: 'order.create',
      resourceType: 'order',
      resourceId: row!.id,
      patients: [values.patientId],
      details: { kind: values.kind, code: values.standardCode, priority: values.priority },
    });
    this.pushChange({ id: row!.id, patientId: values.patientId, orderedById: this.scope.actor.userId }, 'created', at, false);
    return this.row(row!.id);
  }

  /** The caller's own orders among the patients they reach: results to review first, abnormal ones first among them. */
  async list(filter: OrderListFilter, page: number, pageSize: number) {
    const where = and(eq(labOrders.orderedBy, this.scope.actor.userId), this.scope.condition(labOrders.patientId), FILTERS[filter]);
    const [total] = await this.db.select({ n: count() }).from(labOrders).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(
        asc(STAGE),
        desc(sql`case when ${labOrders.status} = 'resulted' then ${SEVERITY} else 0 end`),
        desc(labOrders.orderedAt),
        asc(labOrders.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    this.audit.read('order.list', 'order', null, [...new Set(rows.map((row) => row.patientId))], { count: rows.length, status: filter });
    return { rows: await this.withResults(rows), total: total!.n };
  }

  /** Every order of one patient, newest first. */
  async forPatient(patientId: string) {
    await this.reachPatient(patientId, 'order.patient-list');
    const rows = await this.select()
      .where(eq(labOrders.patientId, patientId))
      .orderBy(desc(labOrders.orderedAt), asc(labOrders.id))
      .limit(200);
    this.audit.read('order.patient-list', 'patient', patientId, [patientId], { count: rows.length });
    return this.withResults(rows);
  }

  /**
   * One patient's imaging reports and referral replies with results, newest first: a patient's own
   * only once released, a clinician's from the moment they are resulted.
   */
  async reports(patientId: string) {
    await this.reachPatient(patientId, 'order.report-list');
    const rows = await this.select()
      .where(
        and(
          eq(labOrders.patientId, patientId),
          inArray(labOrders.kind, [...REPORT_KINDS]),
          inArray(labOrders.status, ['resulted', 'reviewed']),
          this.scope.actor.role === 'patient' ? isNotNull(labOrders.releasedAt) : undefined,
        ),
      )
      .orderBy(desc(labOrders.resultedAt), asc(labOrders.id))
      .limit(100);
    this.audit.read('order.report-list', 'patient', patientId, [patientId], { count: rows.length });
    return this.withResults(rows);
  }

  async detail(id: string) {
    const row = await this.find(id, 'order.read');
    this.audit.read('order.read', 'order', id, [row.patientId], { status: row.status });
    return (await this.withResults([row]))[0]!;
  }

  /**
   * The order for a step, in reach; refused (noted, nothing changed) when its status does not allow
   * the step or when it changed since the caller read it.
   */
  async forStep(id: string, step: OrderStep, version: number) {
    const action = STEP_ACTIONS[step];
    const row = await this.find(id, action);
    if (
      !(ORDER_STEPS[step].from as readonly OrderStatus[]).includes(row.status) ||
      (step === 'collect' && !COLLECTED_KINDS.includes(row.kind))
    ) {
      this.refuse(row, action, 'transition', { status: row.status });
      throw new AppError('ORDER_TRANSITION_INVALID', ORDER_MESSAGES.transition);
    }
    if (row.version !== version) this.stale(row, action);
    return row;
  }

  async collect(order: StepOrder, at: Date) {
    await this.advance(order, 'collect', { collectedAt: at }, at);
    this.note(order, 'order.collect', {});
    this.pushChange(order, 'collected', at, false);
    return this.row(order.id);
  }

  /** A lab order's values (one row per test, typed or imported from a file) or another kind's report; the order is then resulted. */
  async enterResults(
    order: StepOrder,
    entry: { components: EnteredComponent[]; importedFrom?: ResultFileFormat } | { report: EnteredReport },
    at: Date,
  ) {
    await this.advance(order, 'results', { resultedAt: at, ...('report' in entry ? entry.report : {}) }, at);
    if ('components' in entry && entry.components.length > 0) {
      await this.db
        .insert(labResultComponents)
        .values(entry.components.map((component) => ({ ...component, orderId: order.id, patientId: order.patientId })));
    }
    const abnormal = 'components' in entry ? entry.components.filter((component) => component.flag !== 'normal').length : 0;
    this.note(order, 'components' in entry && entry.importedFrom ? 'order.import' : 'order.results', {
      ...('components' in entry && entry.importedFrom ? { format: entry.importedFrom } : {}),
      components: 'components' in entry ? entry.components.length : 0,
      abnormal,
      report: 'report' in entry,
      ...('report' in entry ? { reportFlag: entry.report.reportFlag } : {}),
    });
    this.pushChange(order, 'resulted', at, false);
    return this.row(order.id);
  }

  /** Reviewed, and so released: the patient sees it from now on (and is told, by the service). */
  async release(order: StepOrder, at: Date) {
    await this.advance(order, 'release', { reviewedAt: at, reviewedBy: this.scope.actor.userId, releasedAt: at }, at);
    await this.db
      .update(tasks)
      .set({ status: 'done', completedAt: at, updatedAt: at })
      .where(and(eq(tasks.labOrderId, order.id), eq(tasks.status, 'open')));
    this.note(order, 'order.release', {});
    this.pushChange(order, 'released', at, true);
    return this.row(order.id);
  }

  async cancel(order: StepOrder, reason: string, at: Date) {
    await this.advance(order, 'cancel', { cancelledAt: at, cancelReason: reason }, at);
    this.note(order, 'order.cancel', {});
    this.pushChange(order, 'cancelled', at, false);
    return this.row(order.id);
  }

  /**
   * The order a document is attached to: an imaging study or a referral, in reach, not yet released,
   * with room for one more document; refused (noted, nothing changed) otherwise.
   */
  async attachable(id: string) {
    const row = await this.find(id, 'order.attach');
    if (!(REPORT_KINDS as readonly OrderKind[]).includes(row.kind) || !ATTACHABLE_STATUSES.includes(row.status)) {
      this.refuse(row, 'order.attach', 'transition', { status: row.status, kind: row.kind });
      throw new AppError('ORDER_TRANSITION_INVALID', ORDER_MESSAGES.transition);
    }
    const [held] = await this.db.select({ n: count() }).from(documents).where(eq(documents.orderId, id));
    if (held!.n >= ORDER_ATTACHMENTS_MAX) {
      this.refuse(row, 'order.attach', 'too-many', { attachments: held!.n });
      throw new AppError('TOO_MANY_ATTACHMENTS', `A report carries at most ${ORDER_ATTACHMENTS_MAX} documents.`, {
        file: `A report carries at most ${ORDER_ATTACHMENTS_MAX} documents.`,
      });
    }
    // Named first, so the request's event is the attachment; the document's own note follows it.
    this.audit.note({
      action: 'order.attach',
      resourceType: 'order',
      resourceId: row.id,
      patients: [row.patientId],
      details: { kind: row.kind, attachments: held!.n + 1 },
    });
    return row;
  }

  /** A document was filed for the order (by the documents area, in this write): pushed; the order as it is now. */
  async attached(order: StepOrder, at: Date) {
    this.pushChange(order, 'attached', at, false);
    return this.row(order.id);
  }

  /**
   * A lab order that may take results from a file: in reach, a lab panel, still waiting for its
   * results (and, for the import itself, at the version the caller previewed); refused (noted) otherwise.
   */
  async importable(id: string, action: 'order.import' | 'order.import-preview', version?: number) {
    const row = await this.find(id, action);
    if (row.kind !== 'lab' || !(ORDER_STEPS.results.from as readonly OrderStatus[]).includes(row.status)) {
      this.refuse(row, action, 'transition', { status: row.status, kind: row.kind });
      throw new AppError('ORDER_TRANSITION_INVALID', ORDER_MESSAGES.transition);
    }
    if (version !== undefined && row.version !== version) {
      this.refuse(row, action, 'stale');
      throw new AppError('STALE_RECORD', ORDER_MESSAGES.stale);
    }
    return row;
  }

  /** The medical record number of an order's patient (the order was found in the caller's reach). */
  async recordNumberOf(order: StepOrder): Promise<string | null> {
    const [row] = await this.db
      .select({ mrn: patientProfiles.medicalRecordNumber })
      .from(patientProfiles)
      .where(eq(patientProfiles.userId, order.patientId))
      .limit(1);
    return row?.mrn ?? null;
  }

  /** A file was read for a preview (counts only: the values are the patient's). */
  notePreview(order: StepOrder, details: Record<string, unknown>) {
    this.audit.read('order.import-preview', 'order', order.id, [order.patientId], details);
  }

  /** A file refused as a whole (the request throws after this). */
  refusedFile(order: StepOrder, action: 'order.import' | 'order.import-preview', reason: string) {
    this.refuse(order, action, 'file', { file: reason });
  }

  /** The ordering doctor's task to review the results (the system closes it on release). */
  async openReviewTask(order: StepOrder, values: { assigneeId: string; title: string; dueDate: string; priority: TaskPriority }) {
    await this.db.insert(tasks).values({
      assigneeId: values.assigneeId,
      patientId: order.patientId,
      kind: 'result-review',
      title: values.title,
      dueDate: values.dueDate,
      priority: values.priority,
      labOrderId: order.id,
    });
  }

  /** Who reviews results: the ordering doctor while they are an active doctor here, else the caller who entered them. */
  async reviewerFor(order: { orderedById: string | null }): Promise<string> {
    if (order.orderedById) {
      const [row] = await this.db.select({ role: users.role, active: users.isActive }).from(users).where(eq(users.id, order.orderedById));
      if (row?.role === 'doctor' && row.active) return order.orderedById;
    }
    return this.scope.actor.userId;
  }

  /** The caller's name in parts, for what the patient is told. */
  async callerName(): Promise<PersonNameParts> {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, this.scope.actor.userId));
    return row ?? { firstName: '', lastName: '' };
  }

  /** The status moves on and the version goes up, only if nobody changed the order in between. */
  private async advance(order: StepOrder, step: OrderStep, set: Partial<typeof labOrders.$inferInsert>, at: Date) {
    const [moved] = await this.db
      .update(labOrders)
      .set({ ...set, status: ORDER_STEPS[step].to, version: order.version + 1, updatedAt: at })
      .where(and(eq(labOrders.id, order.id), eq(labOrders.version, order.version)))
      .returning({ id: labOrders.id });
    if (!moved) this.stale(order, STEP_ACTIONS[step]);
  }

  private async find(id: string, action: OrderAction) {
    const [row] = !isUuid(id)
      ? []
      : await this.select()
          .where(and(eq(labOrders.id, id), this.scope.condition(labOrders.patientId)))
          .limit(1);
    if (!row) {
      this.audit.missed(action, 'order', id);
      throw AppError.notFound();
    }
    return row;
  }

  private async row(id: string) {
    const [row] = await this.select().where(eq(labOrders.id, id)).limit(1);
    return (await this.withResults([row!]))[0]!;
  }

  private select() {
    return this.db
      .select(columns)
      .from(labOrders)
      .innerJoin(patients, eq(patients.id, labOrders.patientId))
      .leftJoin(orderers, eq(orderers.id, labOrders.orderedBy))
      .$dynamic();
  }

  /** The orders with their lab components and their reports' attachments. */
  private async withResults<R extends { id: string }>(rows: R[]) {
    const ids = rows.map((row) => row.id);
    const attachments =
      ids.length === 0
        ? []
        : await this.db
            .select({
              id: documents.id,
              orderId: documents.orderId,
              filename: documents.filename,
              mimeType: documents.mimeType,
              sizeBytes: documents.sizeBytes,
            })
            .from(documents)
            .where(inArray(documents.orderId, ids))
            .orderBy(asc(documents.createdAt), asc(documents.id));
    const components =
      ids.length === 0
        ? []
        : await this.db
            .select({
              id: labResultComponents.id,
              orderId: labResultComponents.orderId,
              loincCode: labResultComponents.loincCode,
              name: labResultComponents.name,
              value: labResultComponents.value,
              unit: labResultComponents.unit,
              referenceLow: labResultComponents.referenceLow,
              referenceHigh: labResultComponents.referenceHigh,
              flag: labResultComponents.flag,
            })
            .from(labResultComponents)
            .where(inArray(labResultComponents.orderId, ids))
            .orderBy(asc(labResultComponents.id));
    return rows.map((row) => ({
      ...row,
      components: components.filter((component) => component.orderId === row.id),
      attachments: attachments.filter((attachment) => attachment.orderId === row.id),
    }));
  }

  private note(order: StepOrder, action: (typeof STEP_ACTIONS)[OrderStep] | 'order.import', details: Record<string, unknown>) {
    this.audit.note({
      action,
      resourceType: 'order',
      resourceId: order.id,
      patients: [order.patientId],
      details: { ...details, version: order.version + 1 },
    });
  }

  private refuse(order: StepOrder, action: Exclude<OrderAction, 'order.read'>, reason: string, details: Record<string, unknown> = {}) {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'order',
      resourceId: order.id,
      patients: [order.patientId],
      details: { reason, ...details },
    });
  }

  private stale(order: StepOrder, action: (typeof STEP_ACTIONS)[OrderStep]): never {
    this.refuse(order, action, 'stale');
    throw new AppError('STALE_RECORD', ORDER_MESSAGES.stale);
  }

  private pushChange(
    order: { id: string; patientId: string; orderedById: string | null },
    action: Extract<LiveEvent, { type: 'lab_order_update' }>['action'],
    at: Date,
    toPatient: boolean,
  ) {
    const recipients = new Set([this.scope.actor.userId]);
    if (order.orderedById) recipients.add(order.orderedById);
    if (toPatient) recipients.add(order.patientId);
    this.effects.push({
      recipients: [...recipients],
      event: { type: 'lab_order_update', action, orderId: order.id, patientId: order.patientId, timestamp: at.toISOString() },
    });
  }
}

const STEP_ACTIONS = {
  collect: 'order.collect',
  results: 'order.results',
  release: 'order.release',
  cancel: 'order.cancel',
} as const satisfies Record<OrderStep, string>;

export type OrderAction = (typeof STEP_ACTIONS)[OrderStep] | 'order.read' | 'order.attach' | 'order.import' | 'order.import-preview';
type StepOrder = Awaited<ReturnType<OrdersRepository['forStep']>>;
export type OrderRowView = Awaited<ReturnType<OrdersRepository['detail']>>;
