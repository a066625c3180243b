import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { validationKeyOf } from '../../../lib/validation-text';

// The server answers in English (errors.ts, validation-messages.ts). The texts it is known to send
// are shown in the reader's language; anything else is shown as the server wrote it, which is
// better than a vague text of our own.

/** English server texts of the auth module, by their key in the `auth` namespace (server.*). */
const AUTH_SERVER_TEXTS: Record<string, string> = {
  'Invalid email or password': 'server.invalidCredentials',
  'Invalid verification code': 'server.mfaInvalid',
  'If an account exists for that email, we have sent a link to reset your password.': 'server.resetLinkSent',
  'This reset link is invalid or has expired. Please request a new one.': 'server.tokenInvalid',
  'Your password has been reset. You can now sign in.': 'server.passwordReset',
  'Too many sign-in attempts. Please wait a few minutes and try again.': 'server.tooManyAttempts',
  'Some fields are not valid.': 'server.someFieldsInvalid',
};

/** A text from the server, in the reader's language when it is one we know. */
export function serverText(t: TFunction, text: string): string {
  const authKey = AUTH_SERVER_TEXTS[text];
  if (authKey) return t(`auth:${authKey}`);
  const validationKey = validationKeyOf(text);
  if (validationKey) return t(`validation:${validationKey}`);
  return text;
}

/**
 * The message of a failed call: the server's own text, else the fallback. A network failure or an answer without a message has no server text.
 */
export function failureMessage(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || !error.message || error.message === t('errors:api.generic')) return fallback;
    return serverText(t, error.message);
  }
  return fallback;
}

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Field errors of a VALIDATION_FAILED answer, translated. */
export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, serverText(t, text)]));
}
