import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

// What the person reads when a call fails: the server's stable error code, translated here
// (errors.json `codes`), never the server's English text. A field error's key is translated by
// the form next to its field; here the whole answer gets one sentence.

/** The translated sentence for a failed call; `fallback` (a translated text) when the code has none. */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return t('errors:api.network');
    if (error.code) {
      const key = `errors:codes.${error.code}`;
      const text = t(key, { defaultValue: '' });
      if (text) return text;
    }
  }
  return fallback;
}
