// Business constants (docs/product.md says what each is for), in one place so client and server agree.

export const SESSION = {
  inactivityTimeoutMs: 30 * 60 * 1000,
  renewWhenRemainingMs: 5 * 60 * 1000,
  checkIntervalMs: 60 * 1000,
  absoluteLifetimeMs: 12 * 60 * 60 * 1000,
} as const;

export const QUERY = {
  staleTimeMs: 5 * 60 * 1000,
  retries: 3,
  maxRetryDelayMs: 30 * 1000,
} as const;

export const PERMISSION_CACHE = {
  staleTimeMs: 5 * 60 * 1000,
  gcTimeMs: 30 * 60 * 1000,
  retries: 3,
  maxRetryDelayMs: 30 * 1000,
  guardGracePeriodMs: 1500,
} as const;

export const THEME = {
  saveDebounceMs: 500,
} as const;

export const APP = {
  loadingDelayMs: 50,
} as const;

export const ERROR_HANDLING = {
  maxRetries: 3,
  routeMaxRetries: 2,
  retryDelayMs: 2000,
  portalRetryDelayMs: 3000,
  routeRetryDelayMs: 2000,
  formRetryDelayMs: 2000,
  maxStoredReports: 1000,
  /** A pattern seen more than this many times is raised to high severity. */
  escalateAfterOccurrences: 10,
  formBackupTtlMs: 3_600_000,
  maskedEmailVisibleChars: 3,
} as const;

export const TOAST = {
  defaultMs: 5000,
  highPriorityMs: 10_000,
  medicationsAndAppointmentsMs: 6000,
  permissionUpdateMs: 7000,
  permissionChangesMs: 8000,
  roleChangeMs: 9000,
  staffStatusMs: 4000,
} as const;

export const AUTH = {
  passwordMinLength: 6,
  mfaCodeLength: 6,
  passwordStrengthRequired: 3,
  biometricPromptTimeoutMs: 60_000,
  biometricRedirectDelayMs: 1000,
} as const;

/** Exponential backoff used by queries and the error boundary: base × 2^attempt, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs = Number.POSITIVE_INFINITY): number {
  return Math.min(baseMs * 2 ** attempt, maxMs);
}
