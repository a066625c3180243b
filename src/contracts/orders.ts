import { z } from 'zod';
import { personNameSchema } from './person-name';
import { LAB_FLAGS, LAB_ORDER_STATUSES, labComponentSchema } from './health-records';
import { DATE_WINDOW } from './dates';
import { defineRoute, idParamsSchema } from './http';
import {
  IMAGING_KEYS,
  LAB_PANEL_CATALOGUE,
  LAB_PANEL_KEYS,
  ORDER_CODES,
  REFERRAL_SPECIALTIES,
  type CataloguePanel,
  type LabPanelKey,
  type OrderCode,
} from './order-catalogue';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { importPreviewResponseSchema, importResultsSchema } from './result-import';

// A doctor's orders: lab panels, imaging studies and referrals, from the catalogue
// (order-catalogue.ts). A lab order goes ordered → collected → resulted → reviewed; an imaging study
// or a referral has no sample, so it goes ordered → resulted (its report, or the consultant's reply)
// → reviewed. Reviewing releases it to the patient (who never sees an order before). It may be cancelled, with a reason, until it
// is resulted. Two clinicians may act on one order: every step names the version it was read at
// and a step on an older one is refused (STALE_RECORD) without changing anything.

const instant = z.iso.datetime({ offset: true });

export const ORDER_KINDS = ['lab', 'imaging', 'referral'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_PRIORITIES = ['routine', 'urgent', 'stat'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];
export type OrderStatus = (typeof LAB_ORDER_STATUSES)[number];
/** How an imaging or referral report is flagged by whoever enters it: what sorts it among results to review. */
export const REPORT_FLAGS = ['normal', 'abnormal', 'urgent'] as const;
export type ReportFlag = (typeof REPORT_FLAGS)[number];

export const ORDER_TEXT_MAX = {
  reason: 500,
  target: 200,
  notes: 1000,
  report: 5000,
  findings: 5000,
  consultant: 200,
  cancelReason: 500,
} as const;
/** Documents one imaging report or referral reply may carry. */
export const ORDER_ATTACHMENTS_MAX = 5;
export const ORDERS_PAGE_SIZE = 20;
/** A task to review entered results is due this many days after they arrive. */
export const RESULT_REVIEW_DUE_DAYS = 1;

/** The codes each kind may name. */
export const ORDER_CODES_BY_KIND: Record<OrderKind, readonly OrderCode[]> = {
  lab: LAB_PANEL_KEYS,
  imaging: IMAGING_KEYS,
  referral: REFERRAL_SPECIALTIES,
};

/** Which step each status allows; anything else is refused with ORDER_TRANSITION_INVALID. */
export const ORDER_STEPS = {
  /** Lab orders only (COLLECTED_KINDS): the others have no sample. */
  collect: { from: ['ordered'], to: 'collected' },
  results: { from: ['ordered', 'collected'], to: 'resulted' },
  release: { from: ['resulted'], to: 'reviewed' },
  cancel: { from: ['ordered', 'collected'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderStep = keyof typeof ORDER_STEPS;
/** The kinds whose orders take a sample; another kind is refused the collect step. */
export const COLLECTED_KINDS: readonly OrderKind[] = ['lab'];
/** While an order may still take attachments to its report: until it is released. */
export const ATTACHABLE_STATUSES: readonly OrderStatus[] = ['ordered', 'collected', 'resulted'];
/** The kinds whose results are a report, with documents attached. */
export const REPORT_KINDS = ['imaging', 'referral'] as const satisfies readonly OrderKind[];

export const ORDER_MESSAGES = {
  transition: 'This order cannot take that step from its current status.',
  stale: 'Someone changed this order since you opened it. Nothing was saved; reload it to see the change.',
} as const;

export function isOrderCodeOfKind(kind: OrderKind, code: string): boolean {
  return (ORDER_CODES_BY_KIND[kind] as readonly string[]).includes(code);
}

/** The catalogue panel of a lab order's code, or undefined for another kind. */
export function panelOf(code: string): CataloguePanel | undefined {
  return (LAB_PANEL_KEYS as readonly string[]).includes(code) ? LAB_PANEL_CATALOGUE[code as LabPanelKey] : undefined;
}

/** A document attached to a report; its bytes are a download of the documents area. */
export const orderAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type OrderAttachment = z.infer<typeof orderAttachmentSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  /** The patient's name in parts, which the web orders in the reader's language. */
  patient: personNameSchema,
  kind: z.enum(ORDER_KINDS),
  /** The catalogue key (a panel, a study, a specialty); null for an order older than the catalogue. */
  code: z.enum(ORDER_CODES).nullable(),
  /** The LOINC code of a panel or study; the specialty key of a referral. */
  standardCode: z.string(),
  /** The English name, for what the web cannot word by code. */
  name: z.string(),
  priority: z.enum(ORDER_PRIORITIES),
  status: z.enum(LAB_ORDER_STATUSES),
  reason: z.string().nullable(),
  target: z.string().nullable(),
  notes: z.string().nullable(),
  orderedById: z.uuid().nullable(),
  /** The ordering doctor's name in parts, which the web orders and titles in the reader's language; null when the account is gone. */
  orderer: personNameSchema.nullable(),
  orderedAt: instant,
  collectedAt: instant.nullable(),
  resultedAt: instant.nullable(),
  reviewedAt: instant.nullable(),
  /** Set when reviewed: from then on the patient sees it. */
  releasedAt: instant.nullable(),
  cancelledAt: instant.nullable(),
  cancelReason: z.string().nullable(),
  /** An imaging report's impression, or the summary of a referral's reply. */
  report: z.string().nullable(),
  /** An imaging report's findings. */
  findings: z.string().nullable(),
  /** Who answered a referral, and on which day. */
  consultant: z.string().nullable(),
  repliedOn: z.iso.date().nullable(),
  /** How an imaging or referral report was flagged; null for a lab order or before results. */
  reportFlag: z.enum(REPORT_FLAGS).nullable(),
  attachments: z.array(orderAttachmentSchema),
  components: z.array(labComponentSchema),
  /** The worst flag among the components: what sorts an order among those to review. */
  worstFlag: z.enum(LAB_FLAGS).nullable(),
  version: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_LIST_FILTERS = ['all', 'open', ...LAB_ORDER_STATUSES] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

export const orderListQuerySchema = z
  .object({ status: z.enum(ORDER_LIST_FILTERS, 'choice.invalid').default('all'), ...pageQueryFields(ORDERS_PAGE_SIZE) })
  .strict();
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export const orderListResponseSchema = pagedResponseSchema(orderSchema);
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
export const patientOrderListResponseSchema = z.object({ data: z.array(orderSchema) });
export const orderResponseSchema = z.object({ data: orderSchema });

const optionalText = (max: number) => z.string('choice.invalid').trim().max(max, 'text.tooLong').optional();

export const createOrderSchema = z
  .object({
    patientId: z.uuid('choice.invalid'),
    kind: z.enum(ORDER_KINDS, 'choice.invalid'),
    code: z.enum(ORDER_CODES, 'choice.invalid'),
    priority: z.enum(ORDER_PRIORITIES, 'choice.invalid').default('routine'),
    /** The clinical question: why the order is placed. */
    reason: z.string('required').trim().min(1, 'required').max(ORDER_TEXT_MAX.reason, 'text.tooLong'),
    /** A referral's receiving clinician or clinic. */
    target: optionalText(ORDER_TEXT_MAX.target),
    notes: optionalText(ORDER_TEXT_MAX.notes),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!isOrderCodeOfKind(value.kind, value.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: 'choice.invalid' });
  });
export type CreateOrder = z.input<typeof createOrderSchema>;

const version = z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(1_000_000, 'choice.invalid');

export const orderVersionSchema = z.object({ version }).strict();
export type OrderVersion = z.infer<typeof orderVersionSchema>;

export const RESULT_VALUE_LIMIT = 1_000_000;

/**
 * Results: a lab order's value for every test of its panel (each within what the test can measure,
 * checked against the catalogue: 'result.outOfRange'), or a report: an imaging study's findings and
 * impression (`report`), or a referral's reply (the consultant, the day, the summary in `report`),
 * either flagged normal, abnormal or urgent.
 */
export const enterResultsSchema = z
  .object({
    version,
    components: z
      .array(
        z
          .object({
            loinc: z.string('choice.invalid').max(20, 'choice.invalid'),
            value: z
              .number('result.invalid')
              .finite('result.invalid')
              .min(-RESULT_VALUE_LIMIT, 'result.outOfRange')
              .max(RESULT_VALUE_LIMIT, 'result.outOfRange'),
          })
          .strict(),
      )
      .max(40, 'list.tooLong')
      .optional(),
    report: z.string('required').trim().min(1, 'required').max(ORDER_TEXT_MAX.report, 'text.tooLong').optional(),
    findings: z.string('required').trim().min(1, 'required').max(ORDER_TEXT_MAX.findings, 'text.tooLong').optional(),
    consultant: z.string('required').trim().min(1, 'required').max(ORDER_TEXT_MAX.consultant, 'text.tooLong').optional(),
    repliedOn: z.iso
      .date('date.invalid')
      .refine((value) => value >= DATE_WINDOW.earliest && value <= DATE_WINDOW.latest, 'date.outOfRange')
      .optional(),
    reportFlag: z.enum(REPORT_FLAGS, 'choice.invalid').optional(),
  })
  .strict()
  .refine((value) => (value.components === undefined) !== (value.report === undefined), { message: 'required', path: ['report'] });
export type EnterResults = z.infer<typeof enterResultsSchema>;

export const cancelOrderSchema = z
  .object({ version, reason: z.string('required').trim().min(1, 'required').max(ORDER_TEXT_MAX.cancelReason, 'text.tooLong') })
  .strict();
export type CancelOrder = z.infer<typeof cancelOrderSchema>;

const STEP_ERRORS = ['NOT_FOUND', 'STALE_RECORD', 'ORDER_TRANSITION_INVALID'] as const;

/**
 * An imaging report or a referral's reply as its patient reads it, once released (a clinician sees
 * resulted ones too): no ordering notes, no cancellation, nothing of the clinicians' work.
 */
export const resultReportSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  kind: z.enum(REPORT_KINDS),
  code: z.enum(ORDER_CODES).nullable(),
  standardCode: z.string(),
  name: z.string(),
  status: z.enum(LAB_ORDER_STATUSES),
  orderer: personNameSchema.nullable(),
  orderedAt: instant,
  resultedAt: instant.nullable(),
  releasedAt: instant.nullable(),
  findings: z.string().nullable(),
  report: z.string().nullable(),
  consultant: z.string().nullable(),
  repliedOn: z.iso.date().nullable(),
  reportFlag: z.enum(REPORT_FLAGS).nullable(),
  attachments: z.array(orderAttachmentSchema),
});
export type ResultReport = z.infer<typeof resultReportSchema>;
export const resultReportListResponseSchema = z.object({ data: z.array(resultReportSchema) });
export type ResultReportListResponse = z.infer<typeof resultReportListResponseSchema>;

/**
 * The orders routes. A patient outside the caller's reach, or an order of one, answers 404 like a
 * missing one. Patients use only `reports` (their released reports, beside their lab results).
 */
export const ordersApi = {
  reports: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/result-reports',
    params: idParamsSchema,
    response: resultReportListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  /** One document for an imaging report or a referral's reply: multipart/form-data, a `file` field; checked as any document. */
  attach: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/attachments',
    params: idParamsSchema,
    response: orderResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'ORDER_TRANSITION_INVALID', 'TOO_MANY_ATTACHMENTS', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  list: defineRoute({ method: 'GET', path: '/api/orders', query: orderListQuerySchema, response: orderListResponseSchema }),
  forPatient: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/orders',
    params: idParamsSchema,
    response: patientOrderListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/orders/:id',
    params: idParamsSchema,
    response: orderResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/orders',
    body: createOrderSchema,
    response: orderResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  collect: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/collect',
    params: idParamsSchema,
    body: orderVersionSchema,
    response: orderResponseSchema,
    errors: STEP_ERRORS,
  }),
  results: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/results',
    params: idParamsSchema,
    body: enterResultsSchema,
    response: orderResponseSchema,
    errors: [...STEP_ERRORS, 'VALIDATION_FAILED'],
  }),
  /** What importing this file would save, and what it would leave out or cannot take; saves nothing. */
  importPreview: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/import/preview',
    params: idParamsSchema,
    body: importResultsSchema,
    response: importPreviewResponseSchema,
    errors: ['NOT_FOUND', 'ORDER_TRANSITION_INVALID', 'RESULT_FILE_INVALID', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED'],
  }),
  /** The file's results saved, as typed ones would be; refused unless its preview is ready. */
  importResults: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/import',
    params: idParamsSchema,
    body: importResultsSchema,
    response: orderResponseSchema,
    errors: [...STEP_ERRORS, 'RESULT_FILE_INVALID', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED'],
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/release',
    params: idParamsSchema,
    body: orderVersionSchema,
    response: orderResponseSchema,
    errors: STEP_ERRORS,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    params: idParamsSchema,
    body: cancelOrderSchema,
    response: orderResponseSchema,
    errors: STEP_ERRORS,
  }),
};
