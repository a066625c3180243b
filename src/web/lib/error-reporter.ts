import { maskEmail } from '../../contracts/masking';
import type { ErrorReport } from '../../contracts/error-reports';
import { classifyError, reportTypeFor, severityFor, type BoundaryErrorType } from './error-classification';

// Boundaries send a report to POST /api/error-reports; a failure to send is only logged.
// Sent with plain fetch and keepalive rather than the api client: reporting must work even when
// the part of the app that failed is the api client or the CSRF token endpoint.

export interface ReportInput {
  error: unknown;
  errorId: string;
  boundary: string;
  level: 'app' | 'portal' | 'route';
  recoveryAttempts: number;
  component?: string;
  user?: { id: string; email: string; role: string };
}

export function newErrorId(): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `ERR-${Date.now().toString(36).toUpperCase()}-${Array.from(random, (n) => n.toString(36).toUpperCase())
    .join('')
    .slice(0, 8)}`;
}

export function buildErrorReport(input: ReportInput): ErrorReport {
  const error = input.error instanceof Error ? input.error : new Error(String(input.error));
  const type: BoundaryErrorType = classifyError(error);
  return {
    id: input.errorId,
    timestamp: new Date().toISOString(),
    errorType: reportTypeFor(type, error),
    errorBoundary: input.boundary,
    component: input.component,
    user: input.user ? { id: input.user.id, email: maskEmail(input.user.email), role: input.user.role } : undefined,
    error: { message: error.message.slice(0, 2000), stack: error.stack?.slice(0, 10_000), name: error.name },
    // Path only: query strings and fragments can carry search text or tokens.
    context: { userAgent: navigator.userAgent.slice(0, 500), url: window.location.pathname, route: window.location.pathname },
    severity: severityFor(type, input.level),
    isRecoverable: type === 'network' || input.level === 'route',
    recoveryAttempts: input.recoveryAttempts,
  };
}

export async function sendErrorReport(report: ErrorReport): Promise<void> {
  try {
    // By URL, not through errorReportsApi: the contract module brings zod, which the landing page's
    // first load (where the error boundaries already are) must not carry.
    const response = await fetch('/api/error-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(report),
      credentials: 'include',
      keepalive: true,
    });
    if (!response.ok) console.warn(`Error report ${report.id} was not accepted (${response.status})`);
  } catch (failure) {
    console.warn(`Error report ${report.id} could not be sent`, failure);
  }
}
