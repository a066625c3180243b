import { randomUUID } from 'node:crypto';
import type { ErrorReport } from '../../contracts/error-reports';

type ErrorReportOverrides = Partial<Omit<ErrorReport, 'error'>> & { error?: Partial<ErrorReport['error']> };

/** A valid error report as the web client sends it, with typed overrides. */
export function errorReportPayload(overrides: ErrorReportOverrides = {}): ErrorReport {
  const { error, ...rest } = overrides;
  return {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    errorType: 'component',
    errorBoundary: 'PortalErrorBoundary',
    component: 'AppointmentList',
    error: { name: 'TypeError', message: 'Cannot read properties of undefined', stack: 'TypeError: at AppointmentList', ...error },
    context: { userAgent: 'Mozilla/5.0 (test)', url: 'http://localhost:5000/appointments', route: '/appointments' },
    severity: 'medium',
    isRecoverable: true,
    recoveryAttempts: 0,
    ...rest,
  };
}
