import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { validationKeyOf } from '../../../lib/validation-text';

/** A validation message (a contract key, or its English text from the server) in the reader's language. */
export function validationText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = validationKeyOf(message);
  return key ? t(`validation:${key}`) : message;
}

/** The server's field errors of a refused save, for react-hook-form's setError. */
export function serverFieldErrors(error: unknown): [string, string][] {
  return error instanceof ApiError && error.fields ? Object.entries(error.fields) : [];
}
