import { z } from 'zod';
import { personNameSchema } from './person-name';
import { LAB_FLAGS, LAB_ORDER_STATUSES, labComponentSchema } from './health-records';
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

// A doctor's orders: lab panels, imaging studies and referrals, from the catalogue
// (order-catalogue.ts). An order goes ordered → collected → resulted → reviewed; reviewing releases
// it to the patient (who never sees an order before). It may be cancelled, with a reason, until it
// is resulted. Two clinicians may act on one order: every step names the version it was read at
// and a step on an older one is refused (STALE_RECORD) without changing anything.

const instant = z.iso.datetime({ offset: true });

export const ORDER_KINDS = ['lab', 'imaging', 'referral'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_PRIORITIES = ['routine', 'urgent', 'stat'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];
export type OrderStatus = (typeof LAB_ORDER_STATUSES)[number];

export const ORDER_TEXT_MAX = { reason: 500, target: 200, notes: 1000, report: 5000, cancelReason: 500 } as const;
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
  collect: { from: ['ordered'], to: 'collected' },
  results: { from: ['ordered', 'collected'], to: 'resulted' },
  release: { from: ['resulted'], to: 'reviewed' },
  cancel: { from: ['ordered', 'collected'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderStep = keyof typeof ORDER_STEPS;

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
  /** An imaging or referral result, as the report's text. */
  report: z.string().nullable(),
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
 * checked against the catalogue: 'result.outOfRange'), or an imaging or referral order's report.
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
 * The orders routes. A patient outside the caller's reach, or an order of one, answers 404 like a
 * missing one. Patients never use these: they read released results in their lab results.
 */
export const ordersApi = {
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
