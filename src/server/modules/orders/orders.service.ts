import { addCalendarDays } from '../../../contracts/dates';
import { doctorNameParams, NOTIFICATION_LINKS } from '../../../contracts/notifications';
import {
  IMAGING_CATALOGUE,
  LAB_PANEL_CATALOGUE,
  flagForResult,
  type ImagingKey,
  type LabPanelKey,
  type OrderCode,
} from '../../../contracts/order-catalogue';
import {
  RESULT_REVIEW_DUE_DAYS,
  panelOf,
  type ResultReport,
  type CancelOrder,
  type CreateOrder,
  type EnterResults,
  type Order,
  type OrderListQuery,
  type OrderListResponse,
  type OrderVersion,
} from '../../../contracts/orders';
import { SPECIALTIES } from '../../../contracts/specialties';
import { englishValidationMessage } from '../../../contracts/validation-messages';
import type { LabFlag } from '../../../contracts/health-records';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import { englishDoctorName } from '../../platform/english-names';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { DocumentRefusal } from '../../../contracts/documents';
import { RESULT_FILE_REFUSALS, type ImportPreview, type ImportResults } from '../../../contracts/result-import';
import type { IncomingFile } from '../../platform/uploads';
import type { DocumentsService } from '../documents/documents.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { OrdersRepository, type EnteredComponent, type EnteredReport, type OrderAction, type OrderRowView } from './orders.repository';
import { readResultFile } from './result-file';
import { matchResults } from './result-import';

// The rules of a doctor's orders: what an order names (a catalogue entry of its kind), what results
// a lab order takes (a value for each test of its panel, within what the test can measure, flagged
// against its range here, never by the client), who is asked to review them (the ordering doctor,
// by a task that closes on release) and who is told on release (the patient: their lab results
// view is where results are read, an imaging report or a referral's reply among them). A report's
// documents are filed by the documents area, with its checks, and shown to the patient on release.

/** What the catalogue calls an order's code, and its standard code as stored. */
function catalogueEntry(kind: CreateOrder['kind'], code: OrderCode): { standardCode: string; name: string } {
  if (kind === 'lab') {
    const panel = LAB_PANEL_CATALOGUE[code as LabPanelKey];
    return { standardCode: panel.loinc, name: panel.name };
  }
  if (kind === 'imaging') {
    const study = IMAGING_CATALOGUE[code as ImagingKey];
    return { standardCode: study.loinc, name: study.name };
  }
  const specialty = SPECIALTIES.find((entry) => entry.key === code)!;
  return { standardCode: specialty.key, name: `Referral to ${specialty.name}` };
}

/** The catalogue key of a stored order, or null for one placed before the catalogue. */
function codeOf(kind: CreateOrder['kind'], standardCode: string): OrderCode | null {
  if (kind === 'lab')
    return (Object.entries(LAB_PANEL_CATALOGUE).find(([, panel]) => panel.loinc === standardCode)?.[0] as OrderCode) ?? null;
  if (kind === 'imaging')
    return (Object.entries(IMAGING_CATALOGUE).find(([, study]) => study.loinc === standardCode)?.[0] as OrderCode) ?? null;
  return (SPECIALTIES.find((entry) => entry.key === standardCode)?.key as OrderCode | undefined) ?? null;
}

const FLAG_RANK: Record<LabFlag, number> = { normal: 0, low: 1, high: 1, critical: 2 };

function invalid(fields: Record<string, string>): never {
  throw new AppError(
    'VALIDATION_FAILED',
    'Some fields are not valid.',
    Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, englishValidationMessage(key)])),
  );
}

export class OrdersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly documents: Pick<DocumentsService, 'attachIn'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** 404 before the body is read, for a patient out of the caller's reach. */
  reach(ctx: AccessContext, patientId: string): Promise<void> {
    return this.uow.read(ctx, (work) => work.use(OrdersRepository).reach(patientId));
  }

  /** 404 before the body is read, for an order out of the caller's reach. */
  reachOrder(ctx: AccessContext, id: string, action: OrderAction): Promise<void> {
    return this.uow.read(ctx, (work) => work.use(OrdersRepository).reachOrder(id, action));
  }

  list(ctx: AccessContext, query: OrderListQuery): Promise<OrderListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(OrdersRepository).list(query.status, query.page, query.pageSize);
      return { data: rows.map(toOrder), page: query.page, pageSize: query.pageSize, total };
    });
  }

  forPatient(ctx: AccessContext, patientId: string): Promise<{ data: Order[] }> {
    return this.uow.read(ctx, async (work) => ({ data: (await work.use(OrdersRepository).forPatient(patientId)).map(toOrder) }));
  }

  detail(ctx: AccessContext, id: string): Promise<Order> {
    return this.uow.read(ctx, async (work) => toOrder(await work.use(OrdersRepository).detail(id)));
  }

  create(ctx: AccessContext, input: CreateOrder): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const entry = catalogueEntry(input.kind, input.code);
      const row = await work.use(OrdersRepository).create(
        {
          patientId: input.patientId,
          kind: input.kind,
          ...entry,
          priority: input.priority ?? 'routine',
          reason: input.reason,
          target: input.kind === 'referral' && input.target ? input.target : null,
          notes: input.notes ? input.notes : null,
        },
        this.now(),
      );
      return toOrder(row);
    });
  }

  collect(ctx: AccessContext, id: string, input: OrderVersion): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.forStep(id, 'collect', input.version);
      return toOrder(await orders.collect(order, this.now()));
    });
  }

  /**
   * Results for an order: a lab order takes a value for every test of its panel (flagged here against
   * the catalogue's ranges), another kind a report. The ordering doctor gets a task to review them.
   */
  enterResults(ctx: AccessContext, id: string, input: EnterResults): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.forStep(id, 'results', input.version);
      const at = this.now();
      const entry =
        order.kind === 'lab' ? { components: labComponents(order.panelCode, input) } : { report: reportOf(order.kind, input, at) };
      return this.saveResults(orders, order, entry, at);
    });
  }

  /** What importing a results file into a lab order would save, leave out or refuse; nothing is saved. */
  previewImport(ctx: AccessContext, id: string, input: ImportResults): Promise<ImportPreview> {
    return this.uow.read(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.importable(id, 'order.import-preview');
      const preview = previewOf(orders, order, 'order.import-preview', input.content, await orders.recordNumberOf(order));
      orders.notePreview(order, {
        format: preview.format,
        components: preview.components.length,
        unmatched: preview.unmatched.length,
        invalid: preview.invalid.length,
        missing: preview.missing.length,
      });
      return preview;
    });
  }

  /** A results file's values saved as typed ones are (a task to review them), only when its preview is ready. */
  importResults(ctx: AccessContext, id: string, input: ImportResults): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.importable(id, 'order.import', input.version);
      const preview = previewOf(orders, order, 'order.import', input.content, await orders.recordNumberOf(order));
      if (!preview.ready) {
        orders.refusedFile(order, 'order.import', 'not-ready');
        invalid({ content: 'result.missing' });
      }
      const components = preview.components.map(({ line: _line, ...component }) => component);
      return this.saveResults(orders, order, { components, importedFrom: preview.format }, this.now());
    });
  }

  /** Results saved, and the ordering doctor asked to review them (sooner when something is flagged). */
  private async saveResults(
    orders: OrdersRepository,
    order: StepOrder,
    entry: Parameters<OrdersRepository['enterResults']>[1],
    at: Date,
  ): Promise<Order> {
    const saved = await orders.enterResults(order, entry, at);
    const flagged =
      saved.components.some((component) => component.flag !== 'normal') || (saved.reportFlag !== null && saved.reportFlag !== 'normal');
    const assigneeId = await orders.reviewerFor(order);
    await orders.openReviewTask(order, {
      assigneeId,
      title: `Review results: ${order.panelName} for ${order.patientFirstName} ${order.patientLastName}`,
      dueDate: addCalendarDays(at.toISOString().slice(0, 10), RESULT_REVIEW_DUE_DAYS),
      priority: flagged ? 'high' : 'medium',
    });
    return toOrder(saved);
  }

  /** Reviewed and released: the review task closes, and the patient is told of the results. */
  release(ctx: AccessContext, id: string, input: OrderVersion): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.forStep(id, 'release', input.version);
      const released = await orders.release(order, this.now());
      const reviewer = await orders.callerName();
      const abnormal =
        released.components.some((component) => component.flag !== 'normal') ||
        (released.reportFlag !== null && released.reportFlag !== 'normal');
      await this.notifications.notifyIn(work, order.patientId, {
        type: 'lab_result',
        priority: abnormal ? 'high' : 'medium',
        title: 'New results are ready',
        message: `${englishDoctorName(reviewer)} has reviewed your results. Open your lab results to read them.`,
        actionUrl: NOTIFICATION_LINKS.labResults,
        metadata: { resultId: order.id, testName: order.panelName, ...doctorNameParams(reviewer) },
        code: 'lab.results_released',
        params: doctorNameParams(reviewer),
      });
      return toOrder(released);
    });
  }

  /** A document for an imaging report or a referral's reply, checked and filed by the documents area. */
  attach(ctx: AccessContext, id: string, input: { file?: IncomingFile; refusal?: DocumentRefusal }): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.attachable(id);
      await this.documents.attachIn(work, {
        patientId: order.patientId,
        orderId: order.id,
        category: order.kind === 'imaging' ? 'imaging' : 'referral',
        ...input,
      });
      return toOrder(await orders.attached(order, this.now()));
    });
  }

  /** A patient's imaging reports and referral replies: their own once released, a clinician's once resulted. */
  reports(ctx: AccessContext, patientId: string): Promise<{ data: ResultReport[] }> {
    return this.uow.read(ctx, async (work) => ({ data: (await work.use(OrdersRepository).reports(patientId)).map(toReport) }));
  }

  cancel(ctx: AccessContext, id: string, input: CancelOrder): Promise<Order> {
    return this.uow.write(ctx, async (work) => {
      const orders = work.use(OrdersRepository);
      const order = await orders.forStep(id, 'cancel', input.version);
      return toOrder(await orders.cancel(order, input.reason, this.now()));
    });
  }
}

type StepOrder = Awaited<ReturnType<OrdersRepository['importable']>>;

/** The file read and matched against the order's panel; a file that cannot be read is refused (400) as a whole. */
function previewOf(
  orders: OrdersRepository,
  order: StepOrder,
  action: 'order.import' | 'order.import-preview',
  content: string,
  /** The order's patient's record number. */
  recordNumber: string | null,
): ImportPreview {
  const read = readResultFile(content);
  // A message that identifies its patient must identify this one: results filed in another
  // patient's chart are a danger no preview should leave to the eye.
  const refusal = !read.ok
    ? read.reason
    : read.recordNumbersInFile.length > 0 && !read.recordNumbersInFile.includes(recordNumber ?? '')
      ? 'other-patient'
      : undefined;
  if (refusal || !read.ok) {
    const reason = refusal ?? 'unrecognised';
    orders.refusedFile(order, action, reason);
    const message = englishValidationMessage(RESULT_FILE_REFUSALS[reason]);
    throw new AppError('RESULT_FILE_INVALID', message, { content: message });
  }
  const code = codeOf('lab', order.panelCode);
  const panel = code ? panelOf(code) : undefined;
  if (!panel) {
    orders.refusedFile(order, action, 'panel-unknown');
    invalid({ content: 'result.unknownTest' });
  }
  return { format: read.format, patientInFile: read.patientInFile, ...matchResults(panel, read.lines) };
}

/** Each test of the panel exactly once, each value within what the test can measure; flagged against its range. */
function labComponents(panelCode: string, input: EnterResults): EnteredComponent[] {
  if (input.components === undefined) invalid({ components: 'result.missing' });
  const code = codeOf('lab', panelCode);
  const panel = code ? panelOf(code) : undefined;
  if (!panel) invalid({ components: 'result.unknownTest' });
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  input.components.forEach((component, index) => {
    const test = panel.tests.find((entry) => entry.loinc === component.loinc);
    if (!test || seen.has(component.loinc)) errors[`components.${index}.loinc`] = 'result.unknownTest';
    else if (component.value < test.min || component.value > test.max) errors[`components.${index}.value`] = 'result.outOfRange';
    seen.add(component.loinc);
  });
  if (Object.keys(errors).length === 0 && seen.size !== panel.tests.length) errors.components = 'result.missing';
  if (Object.keys(errors).length > 0) invalid(errors);
  return input.components.map((component) => {
    const test = panel.tests.find((entry) => entry.loinc === component.loinc)!;
    return {
      loincCode: test.loinc,
      name: test.name,
      value: component.value,
      unit: test.unit,
      referenceLow: test.low,
      referenceHigh: test.high,
      flag: flagForResult(component.value, test),
    };
  });
}

/**
 * An imaging report takes its findings and impression; a referral's reply who answered, on which day
 * (not after today) and its summary. What belongs to the other kind is not kept.
 */
function reportOf(kind: 'imaging' | 'referral', input: EnterResults, at: Date): EnteredReport {
  const errors: Record<string, string> = {};
  if (input.report === undefined) errors.report = 'required';
  if (kind === 'imaging' && input.findings === undefined) errors.findings = 'required';
  if (kind === 'referral') {
    if (input.consultant === undefined) errors.consultant = 'required';
    // A day ahead of the server's: the reply's day is the clinic's, which may be ahead of UTC.
    if (input.repliedOn === undefined) errors.repliedOn = 'required';
    else if (input.repliedOn > addCalendarDays(at.toISOString().slice(0, 10), 1)) errors.repliedOn = 'date.future';
  }
  if (Object.keys(errors).length > 0) invalid(errors);
  return {
    report: input.report!,
    findings: kind === 'imaging' ? input.findings! : null,
    consultant: kind === 'referral' ? input.consultant! : null,
    repliedOn: kind === 'referral' ? input.repliedOn! : null,
    reportFlag: input.reportFlag ?? 'normal',
  };
}

function worstFlag(flags: readonly LabFlag[]): LabFlag | null {
  if (flags.length === 0) return null;
  return flags.reduce((worst, flag) => (FLAG_RANK[flag] > FLAG_RANK[worst] ? flag : worst), 'normal' as LabFlag);
}

function toOrder(row: OrderRowView): Order {
  const components = row.components.map((component) => ({
    id: component.id,
    loincCode: component.loincCode,
    name: component.name,
    value: Number(component.value),
    unit: component.unit,
    referenceLow: component.referenceLow === null ? null : Number(component.referenceLow),
    referenceHigh: component.referenceHigh === null ? null : Number(component.referenceHigh),
    flag: component.flag,
  }));
  return {
    id: row.id,
    patientId: row.patientId,
    patient: { firstName: row.patientFirstName, lastName: row.patientLastName },
    kind: row.kind,
    code: codeOf(row.kind, row.panelCode),
    standardCode: row.panelCode,
    name: row.panelName,
    priority: row.priority,
    status: row.status,
    reason: row.reason,
    target: row.target,
    notes: row.notes,
    orderedById: row.orderedById,
    orderer: row.ordererFirstName ? { firstName: row.ordererFirstName, lastName: row.ordererLastName ?? '' } : null,
    orderedAt: row.orderedAt.toISOString(),
    collectedAt: row.collectedAt?.toISOString() ?? null,
    resultedAt: row.resultedAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    report: row.report,
    findings: row.findings,
    consultant: row.consultant,
    repliedOn: row.repliedOn,
    reportFlag: row.reportFlag,
    attachments: row.attachments.map(toAttachment),
    components,
    worstFlag: worstFlag(components.map((component) => component.flag)),
    version: row.version,
  };
}

function toAttachment(row: OrderRowView['attachments'][number]) {
  return { id: row.id, filename: row.filename, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
}

function toReport(row: OrderRowView): ResultReport {
  return {
    id: row.id,
    patientId: row.patientId,
    kind: row.kind === 'imaging' ? 'imaging' : 'referral',
    code: codeOf(row.kind, row.panelCode),
    standardCode: row.panelCode,
    name: row.panelName,
    status: row.status,
    orderer: row.ordererFirstName ? { firstName: row.ordererFirstName, lastName: row.ordererLastName ?? '' } : null,
    orderedAt: row.orderedAt.toISOString(),
    resultedAt: row.resultedAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    findings: row.findings,
    report: row.report,
    consultant: row.consultant,
    repliedOn: row.repliedOn,
    reportFlag: row.reportFlag,
    attachments: row.attachments.map(toAttachment),
  };
}
