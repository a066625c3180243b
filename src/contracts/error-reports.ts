import { z } from 'zod';
import { boundedInstantSchema } from './dates';
import { defineRoute } from './http';

// An error report (docs/product.md, Errors). The client sends what it knows; the server masks the email again,
// drops the client session id (never stored), and decides the final severity.

export const ERROR_REPORT_TYPES = ['network', 'permission', 'authentication', 'data', 'integration', 'component'] as const;
export const ERROR_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ErrorReportType = (typeof ERROR_REPORT_TYPES)[number];
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

const shortText = z.string().max(500);

export const errorReportSchema = z.object({
  id: z.string().min(1).max(100),
  timestamp: boundedInstantSchema(),
  errorType: z.enum(ERROR_REPORT_TYPES),
  errorBoundary: shortText.optional(),
  component: shortText.optional(),
  user: z
    .object({
      id: z.string().max(100).optional(),
      email: z.string().max(320).optional(),
      role: z.string().max(20).optional(),
    })
    .optional(),
  error: z.object({
    message: z.string().max(2000),
    stack: z.string().max(10_000).optional(),
    name: z.string().max(200).optional(),
  }),
  context: z
    .object({
      userAgent: shortText.optional(),
      url: z.string().max(2000).optional(),
      route: shortText.optional(),
      sessionId: z.string().max(200).optional(),
    })
    .optional(),
  severity: z.enum(ERROR_SEVERITIES),
  isRecoverable: z.boolean(),
  recoveryAttempts: z.number().int().min(0).max(1000),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});

export type ErrorReport = z.infer<typeof errorReportSchema>;

export const errorReportAcceptedSchema = z.object({
  id: z.string(),
  severity: z.enum(ERROR_SEVERITIES),
  occurrences: z.number().int(),
});

/** How many of the newest reports the system log lists beside the patterns. */
export const SYSTEM_LOG_RECENT = 50;
/** How many patterns it lists, the most recently seen first. */
export const SYSTEM_LOG_PATTERNS = 100;

export const systemLogQuerySchema = z
  .object({
    severity: z.enum(ERROR_SEVERITIES, 'choice.invalid').optional(),
    errorType: z.enum(ERROR_REPORT_TYPES, 'choice.invalid').optional(),
  })
  .strict();
export type SystemLogQuery = z.input<typeof systemLogQuerySchema>;

/** The system log's filter form: its selects as they hold them ('' for any). */
export const systemLogFilterFormSchema = z.object({
  severity: z.enum(ERROR_SEVERITIES, 'choice.invalid').or(z.literal('')),
  errorType: z.enum(ERROR_REPORT_TYPES, 'choice.invalid').or(z.literal('')),
});
export type SystemLogFilterForm = z.infer<typeof systemLogFilterFormSchema>;

/** One fault seen again and again: same type, name and message once numbers, ids and quoted values are set aside. */
export const errorPatternSchema = z.object({
  fingerprint: z.string(),
  errorType: z.enum(ERROR_REPORT_TYPES),
  errorName: z.string().nullable(),
  /** The newest occurrence's message. */
  message: z.string(),
  occurrences: z.number().int(),
  firstSeen: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  /** The highest severity reported, raised to high once the pattern is seen more than 10 times. */
  severity: z.enum(ERROR_SEVERITIES),
  /** True when the severity comes from the repetition rule rather than from a report. */
  escalated: z.boolean(),
});
export type ErrorPattern = z.infer<typeof errorPatternSchema>;

export const storedErrorReportSchema = z.object({
  id: z.uuid(),
  receivedAt: z.iso.datetime(),
  errorType: z.enum(ERROR_REPORT_TYPES),
  severity: z.enum(ERROR_SEVERITIES),
  errorName: z.string().nullable(),
  message: z.string(),
  component: z.string().nullable(),
  route: z.string().nullable(),
  userRole: z.string().nullable(),
  /** The reporter's e-mail, masked (its first 3 characters). */
  userEmailMasked: z.string().nullable(),
  isRecoverable: z.boolean(),
  recoveryAttempts: z.number().int(),
});
export type StoredErrorReport = z.infer<typeof storedErrorReportSchema>;

export const systemLogResponseSchema = z.object({
  data: z.object({ patterns: z.array(errorPatternSchema), recent: z.array(storedErrorReportSchema), total: z.number().int() }),
});
export type SystemLog = z.infer<typeof systemLogResponseSchema>['data'];

export const errorReportsApi = {
  report: defineRoute({
    method: 'POST',
    path: '/api/error-reports',
    body: errorReportSchema,
    response: errorReportAcceptedSchema,
    status: 201,
  }),
  /** The system log (system.logs): the stored reports as patterns and the newest ones. */
  systemLog: defineRoute({
    method: 'GET',
    path: '/api/error-reports',
    query: systemLogQuerySchema,
    response: systemLogResponseSchema,
  }),
};
