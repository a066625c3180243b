import { z } from 'zod';
import { ANALYTICS_MAX_DAYS } from './analytics';
import { boundedDateSchema, isOrderedRange, isRangeWithin, optionalDaySchema } from './dates';
import { defineRoute } from './http';
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
  })
  .strict();
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportsApi = {
  /** The answer is the file itself (text/csv or application/pdf, as an attachment). */
  download: defineRoute({
    method: 'GET',
    path: '/api/reports/:kind',
    params: reportParamsSchema,
    query: reportQuerySchema,
    errors: ['FORBIDDEN', 'PERIOD_REVERSED', 'PERIOD_TOO_LONG'],
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
