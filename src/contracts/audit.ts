import { z } from 'zod';
import { boundedDayOrInstantSchema, isOrderedRange, optionalDaySchema } from './dates';
import { defineRoute } from './http';
import { AUDIT_CATEGORIES } from './audit-actions';
import { personNameSchema } from './person-name';
import { ROLES } from './roles';

export * from './audit-actions';

// The admin audit viewer (GET /api/audit/events, .csv, GET /api/audit/chain) and
// the patient's own access log (GET /api/me/access-log).

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcomeName = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_PAGE_SIZE = 25;
/** A CSV export holds at most this many events; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 50_000;

const page = z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(100_000, 'choice.invalid').default(1);
const pageSize = z.coerce
  .number('choice.invalid')
  .int('choice.invalid')
  .min(1, 'choice.invalid')
  .max(100, 'choice.invalid')
  .default(AUDIT_PAGE_SIZE);

/** A calendar day (YYYY-MM-DD, UTC) or a full ISO 8601 time, between 1900 and 2200 (dates.ts). */
const instant = boundedDayOrInstantSchema().optional();

/** Filters shared by the list and the CSV export. user / patient: an id, or part of a name or email. */
const auditFilterFields = z.object({
  user: z.string().trim().max(200, 'text.tooLong').optional(),
  patient: z.string().trim().max(200, 'text.tooLong').optional(),
  action: z
    .string()
    .trim()
    .max(100, 'text.tooLong')
    .regex(/^[a-z0-9._-]*$/i, 'choice.invalid')
    .optional(),
  outcome: z.enum(AUDIT_OUTCOMES, 'choice.invalid').optional(),
  /** Only the actions of one category (audit-actions.ts), as the patient's access log separates them. */
  category: z.enum(AUDIT_CATEGORIES, 'choice.invalid').optional(),
  from: instant,
  to: instant,
});
/** `to` is not before `from`. */
const ordered = (q: { from?: string; to?: string }) => isOrderedRange(q.from, q.to);
const ORDER_ISSUE = { message: 'date.rangeOrder', path: ['to'] };
export const auditFilterSchema = auditFilterFields.refine(ordered, ORDER_ISSUE);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/**
 * The viewer's filter form: every field as its input holds it ('' for not set); what it yields is
 * the filter with only the fields that are set, checked by the rules above.
 */
export const auditFilterFormSchema = z
  .object({
    user: z.string().trim().max(200, 'text.tooLong'),
    patient: z.string().trim().max(200, 'text.tooLong'),
    action: z
      .string()
      .trim()
      .max(100, 'text.tooLong')
      .regex(/^[a-z0-9._-]*$/i, 'choice.invalid'),
    outcome: z.enum(AUDIT_OUTCOMES, 'choice.invalid').or(z.literal('')),
    category: z.enum(AUDIT_CATEGORIES, 'choice.invalid').or(z.literal('')),
    from: optionalDaySchema(),
    to: optionalDaySchema(),
  })
  .refine(ordered, ORDER_ISSUE)
  .transform((form): AuditFilter => {
    const filter: AuditFilter = {};
    if (form.user) filter.user = form.user;
    if (form.patient) filter.patient = form.patient;
    if (form.action) filter.action = form.action;
    if (form.outcome) filter.outcome = form.outcome;
    if (form.category) filter.category = form.category;
    if (form.from) filter.from = form.from;
    if (form.to) filter.to = form.to;
    return filter;
  });
export type AuditFilterForm = z.input<typeof auditFilterFormSchema>;

export const auditListQuerySchema = auditFilterFields.extend({ page, pageSize }).strict().refine(ordered, ORDER_ISSUE);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export const auditExportQuerySchema = auditFilterFields.strict().refine(ordered, ORDER_ISSUE);

/** `name` (given name first) is for the CSV export; the viewer orders the parts in the reader's language. */
const person = z
  .object({ id: z.string(), name: z.string(), firstName: z.string(), lastName: z.string(), role: z.enum(ROLES).nullable() })
  .nullable();

/** One event as an auditor sees it: ids, names for display, never the details' PHI (there is none). */
export const auditEventSchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime(),
  actor: person,
  /** The role the actor had when acting (it may have changed since). */
  actorRole: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  patient: person,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = z.object({
  data: z.array(auditEventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const auditChainStatusSchema = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  /** The id of the first event whose hash or link does not match; null when intact. */
  brokenAt: z.number().int().nullable(),
  verifiedAt: z.iso.datetime(),
});
export const auditChainResponseSchema = z.object({ data: auditChainStatusSchema });
export type AuditChainStatus = z.infer<typeof auditChainStatusSchema>;

// The patient's access log ("Who opened my record").

export const accessLogQuerySchema = z.object({ page, pageSize, category: z.enum(AUDIT_CATEGORIES, 'choice.invalid').optional() }).strict();
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;

export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime(),
  /**
   * Who acted, in name parts the page orders in the reader's language. Null for the system, or when the
   * actor was another patient (whose name is theirs to keep).
   */
  actor: personNameSchema.nullable(),
  actorRole: z.enum(ROLES).nullable(),
  /** Staff position (reception, nurse, ...) when the actor is staff. */
  actorPosition: z.string().nullable(),
  /** The action's code (patient.read, ...); the page words it. */
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** A clinician outside the patient's care opened it in an emergency, giving a reason. */
  emergency: z.boolean(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponseSchema = z.object({
  data: z.array(accessLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;

export const auditApi = {
  events: defineRoute({ method: 'GET', path: '/api/audit/events', query: auditListQuerySchema, response: auditListResponseSchema }),
  /** The filtered events as a CSV download (text/csv, not JSON). */
  export: defineRoute({ method: 'GET', path: '/api/audit/events.csv', query: auditExportQuerySchema }),
  chain: defineRoute({ method: 'GET', path: '/api/audit/chain', response: auditChainResponseSchema }),
  accessLog: defineRoute({ method: 'GET', path: '/api/me/access-log', query: accessLogQuerySchema, response: accessLogResponseSchema }),
};
