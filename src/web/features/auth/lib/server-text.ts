import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

// What the sign-in, forgotten-password and reset screens say when the server refuses: told apart by
// the answer's code, never by its English text, and worded for these screens where a general
// sentence would say less (a refused sign-in is "wrong email or password", a 429 is "too many
// sign-in attempts").

/** The auth screens' own sentences, by error code, in the `auth` namespace (server.*). */
const AUTH_TEXT_BY_CODE: Partial<Record<string, string>> = {
  INVALID_CREDENTIALS: 'server.invalidCredentials',
  MFA_INVALID: 'server.mfaInvalid',
  TOKEN_INVALID: 'server.tokenInvalid',
  RATE_LIMITED: 'server.tooManyAttempts',
  VALIDATION_FAILED: 'server.someFieldsInvalid',
};

/**
 * The message of a failed call in the reader's language: the auth screens' sentence for its code,
 * else the general sentence for the code, else the fallback (a network failure, an unknown code).
 */
export function failureMessage(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const key = error.code ? AUTH_TEXT_BY_CODE[error.code] : undefined;
  if (key) return t(`auth:${key}`);
  return errorText(t, error, fallback);
}

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
