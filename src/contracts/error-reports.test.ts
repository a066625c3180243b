import { describe, expect, it } from 'vitest';
import { errorReportSchema, type ErrorReport } from './error-reports';

// A report with every field an error report can carry.
function validReport(): ErrorReport {
  return {
    id: 'ERR-LX2K9-ABC123',
    timestamp: '2025-03-01T10:15:30.000Z',
    errorType: 'network',
    errorBoundary: 'route:/appointments',
    component: 'AppointmentList',
    user: { id: 'u-1', email: 'jon***@***', role: 'patient' },
    error: { message: 'Failed to fetch', stack: 'TypeError: Failed to fetch\n    at load', name: 'TypeError' },
    context: { userAgent: 'Mozilla/5.0 (test)', url: '/appointments', route: '/appointments', sessionId: 's-1' },
    severity: 'medium',
    isRecoverable: true,
    recoveryAttempts: 1,
    additionalData: { retry: true },
  };
}

describe('errorReportSchema', () => {
  it('accepts a report with every field filled', () => {
    expect(errorReportSchema.safeParse(validReport()).success).toBe(true);
  });

  it('accepts every error type and severity', () => {
    for (const errorType of ['network', 'permission', 'authentication', 'data', 'integration', 'component'] as const) {
      expect(errorReportSchema.safeParse({ ...validReport(), errorType }).success).toBe(true);
    }
    for (const severity of ['critical', 'high', 'medium', 'low'] as const) {
      expect(errorReportSchema.safeParse({ ...validReport(), severity }).success).toBe(true);
    }
  });

  it('rejects an unknown errorType', () => {
    expect(errorReportSchema.safeParse({ ...validReport(), errorType: 'crash' }).success).toBe(false);
  });

  it('rejects an unknown severity', () => {
    expect(errorReportSchema.safeParse({ ...validReport(), severity: 'urgent' }).success).toBe(false);
  });

  it('rejects an oversize message but accepts one at the limit', () => {
    const report = validReport();
    expect(errorReportSchema.safeParse({ ...report, error: { ...report.error, message: 'x'.repeat(2000) } }).success).toBe(true);
    expect(errorReportSchema.safeParse({ ...report, error: { ...report.error, message: 'x'.repeat(2001) } }).success).toBe(false);
  });

  it('rejects a timestamp that is not ISO 8601 and a negative recovery count', () => {
    expect(errorReportSchema.safeParse({ ...validReport(), timestamp: 'yesterday' }).success).toBe(false);
    expect(errorReportSchema.safeParse({ ...validReport(), recoveryAttempts: -1 }).success).toBe(false);
  });
});
