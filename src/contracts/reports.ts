import { z } from 'zod';
import { ANALYTICS_MAX_DAYS } from './analytics';
import { boundedDateSchema, isOrderedRange, isRangeWithin, optionalDaySchema } from './dates';
import { defineRoute, idParamsSchema } from './http';
import { SUPPORTED_LANGUAGES } from './languages';
import { SPECIALTIES } from './specialties';

// Report downloads (GET /api/reports/:kind?format=csv|pdf): the analytics views, the audit trail and
// the patient list as a file. The period and filters are the analytics' own, with the same bounds;
// the figures are the analytics' own too (the server builds a report from the same service).

export const REPORT_KINDS = ['appointments', 'doctor-rates', 'weekday-rates', 'new-patients', 'audit-trail', 'patient-list'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The kinds that take a doctor or a specialty (the analytics' appointment figures). */
export const REPORT_KINDS_WITH_DOCTOR_FILTER: readonly ReportKind[] = ['appointments', 'doctor-rates', 'weekday-rates'];

/** At most this many rows in one report (audit events, patients); narrow the period for more. */
export const REPORT_MAX_ROWS = 5000;

/** The kinds the row cap can cut: one row per event or patient (the others hold a row per day, week, doctor or weekday). */
export const REPORT_KINDS_CAPPED: readonly ReportKind[] = ['audit-trail', 'patient-list'];

const SPECIALTY_NAMES = SPECIALTIES.map((specialty) => specialty.name) as [string, ...string[]];

export const reportParamsSchema = z.object({ kind: z.enum(REPORT_KINDS, 'choice.invalid') }).strict();

/**
 * The analytics' filters, each bounded. The period's order and length are the service's to check,
 * so a reversed or too long one answers its own code (PERIOD_REVERSED, PERIOD_TOO_LONG).
 */
export const reportQuerySchema = z
  .object({
    format: z.enum(REPORT_FORMATS, 'choice.invalid'),
    from: boundedDateSchema().optional(),
    to: boundedDateSchema().optional(),
    doctorId: z.uuid('choice.invalid').optional(),
    specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid').optional(),
    /** The language the requester reads: the file's note on a cut report is written in it (English without one). */
    lang: z.enum(SUPPORTED_LANGUAGES, 'choice.invalid').optional(),
  })
  .strict();
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The period a report's size is asked for (the kinds the row cap can cut take no other filter). */
export const reportSizeQuerySchema = z.object({ from: boundedDateSchema().optional(), to: boundedDateSchema().optional() }).strict();
export type ReportSizeQuery = z.infer<typeof reportSizeQuerySchema>;

export const reportSizeSchema = z.object({
  /** How many rows the report would have without the cap; null for a kind the cap cannot cut. */
  rows: z.number().int().min(0).nullable(),
  /** The cap: a report holds at most this many rows. */
  max: z.number().int().min(1),
});
export type ReportSize = z.infer<typeof reportSizeSchema>;

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** At most this many recipients per schedule, and this many schedules in all. */
export const REPORT_SCHEDULE_MAX_RECIPIENTS = 20;
export const REPORT_SCHEDULES_MAX = 100;

/**
 * A scheduled report: run each Monday (weekly, the week before) or on the 1st (monthly, the month
 * before). Recipients are administrators or holders of reports.view.all; each is mailed a link to
 * the Reports page, never the file, so no patient data travels by mail.
 */
export const reportScheduleRequestSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, 'choice.invalid'),
    format: z.enum(REPORT_FORMATS, 'choice.invalid'),
    frequency: z.enum(REPORT_FREQUENCIES, 'choice.invalid'),
    doctorId: z.uuid('choice.invalid').optional(),
    specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid').optional(),
    recipients: z.array(z.uuid('choice.invalid')).min(1, 'choice.invalid').max(REPORT_SCHEDULE_MAX_RECIPIENTS, 'choice.invalid'),
  })
  .strict();
export type ReportScheduleRequest = z.infer<typeof reportScheduleRequestSchema>;

/** The schedule form: its inputs as they hold them ('' for none). */
export const reportScheduleFormSchema = z.object({
  kind: z.enum(REPORT_KINDS, 'choice.invalid'),
  format: z.enum(REPORT_FORMATS, 'choice.invalid'),
  frequency: z.enum(REPORT_FREQUENCIES, 'choice.invalid'),
  recipients: z.array(z.uuid('choice.invalid')).min(1, 'choice.invalid').max(REPORT_SCHEDULE_MAX_RECIPIENTS, 'choice.invalid'),
});
export type ReportScheduleForm = z.infer<typeof reportScheduleFormSchema>;

const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const reportScheduleSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  doctorId: z.uuid().nullable(),
  specialty: z.string().nullable(),
  recipients: z.array(personSchema),
  createdBy: personSchema.nullable(),
  nextRunAt: z.iso.datetime(),
  lastRunAt: z.iso.datetime().nullable(),
  active: z.boolean(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportsApi = {
  /** The answer is the file itself (text/csv or application/pdf, as an attachment). */
  download: defineRoute({
    method: 'GET',
    path: '/api/reports/:kind',
    params: reportParamsSchema,
    query: reportQuerySchema,
    errors: ['FORBIDDEN', 'PERIOD_REVERSED', 'PERIOD_TOO_LONG'],
  }),
  /** How many rows a report would have, so the page can say before the download that the cap will cut it. */
  size: defineRoute({
    method: 'GET',
    path: '/api/reports/:kind/size',
    params: reportParamsSchema,
    query: reportSizeQuerySchema,
    response: z.object({ data: reportSizeSchema }),
    errors: ['FORBIDDEN', 'PERIOD_REVERSED', 'PERIOD_TOO_LONG'],
  }),
  schedules: defineRoute({
    method: 'GET',
    path: '/api/reports/schedules',
    response: z.object({ data: z.array(reportScheduleSchema) }),
  }),
  createSchedule: defineRoute({
    method: 'POST',
    path: '/api/reports/schedules',
    body: reportScheduleRequestSchema,
    response: z.object({ data: reportScheduleSchema }),
    status: 201,
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
  deleteSchedule: defineRoute({
    method: 'DELETE',
    path: '/api/reports/schedules/:id',
    params: idParamsSchema,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
  /** Who may receive a scheduled report: the active administrators and holders of reports.view.all. */
  recipients: defineRoute({
    method: 'GET',
    path: '/api/reports/recipients',
    response: z.object({ data: z.array(personSchema) }),
  }),
};

/** Why a period cannot be reported on, or null when it can (the analytics' own bounds). */
export function periodProblem(from: string | undefined, to: string | undefined): 'PERIOD_REVERSED' | 'PERIOD_TOO_LONG' | null {
  if (!isOrderedRange(from, to)) return 'PERIOD_REVERSED';
  if (!isRangeWithin(from, to, ANALYTICS_MAX_DAYS)) return 'PERIOD_TOO_LONG';
  return null;
}

/** The report form: its inputs as they hold them ('' for none). The period's order and length are the server's to judge. */
export const reportFormSchema = z.object({
  kind: z.enum(REPORT_KINDS, 'choice.invalid'),
  from: optionalDaySchema(),
  to: optionalDaySchema(),
  doctorId: z.uuid('choice.invalid').or(z.literal('')),
  specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid').or(z.literal('')),
});
export type ReportForm = z.infer<typeof reportFormSchema>;
