import type { ErrorReportType, ErrorSeverity } from '../../contracts/error-reports';

// Error boundaries classify by keywords in the message (network, auth, render, else unknown).

export type BoundaryErrorType = 'network' | 'auth' | 'render' | 'unknown';

/** Where a boundary sits: the whole app, one role's portal, or one route's page. */
export type BoundaryLevel = 'app' | 'portal' | 'route';

const NETWORK = /network|fetch|timeout|timed out|connection|offline|failed to load|econn|socket/i;
const AUTH = /auth|session|unauthori[sz]ed|forbidden|401|403|token|expired|sign.?in|log.?in/i;
const RENDER = /render|component|element|hook|jsx|cannot read propert|undefined is not|is not a function|minified react error/i;

export function classifyError(error: unknown): BoundaryErrorType {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (NETWORK.test(message)) return 'network';
  if (AUTH.test(message)) return 'auth';
  if (RENDER.test(message)) return 'render';
  return 'unknown';
}

/** Chunk and module loading failures after a deploy: the route boundary says "Failed to load the page". */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|loading chunk|chunkloaderror|importing a module script failed|failed to fetch dynamically/i.test(
    message,
  );
}

/** The report's errorType for a boundary classification. */
export function reportTypeFor(type: BoundaryErrorType, error: unknown): ErrorReportType {
  const message = error instanceof Error ? error.message : String(error);
  if (/permission|forbidden|403/i.test(message)) return 'permission';
  switch (type) {
    case 'network':
      return 'network';
    case 'auth':
      return 'authentication';
    case 'render':
      return 'component';
    default:
      return 'data';
  }
}

export function severityFor(type: BoundaryErrorType, level: BoundaryLevel): ErrorSeverity {
  if (level === 'app') return 'critical';
  if (type === 'auth' || level === 'portal') return 'high';
  return type === 'network' ? 'medium' : 'high';
}
