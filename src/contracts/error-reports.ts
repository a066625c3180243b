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

export const errorReportsApi = {
  report: defineRoute({
    method: 'POST',
    path: '/api/error-reports',
    body: errorReportSchema,
    response: errorReportAcceptedSchema,
    status: 201,
  }),
};
