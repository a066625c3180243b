import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/error-text';

// Why the server refused a change to an account, in the reader's language: each refusal of the
// user-administration routes has a code of its own (errors.json `codes`), so the dialogs never show
// the server's English text. A code without a sentence reads as the general failure.

/** The sentence for the refusal's code, to go into a dialog's "… was not saved: {{reason}}". */
export function refusalReason(t: TFunction, error: unknown): string {
  return errorText(t, error, t('errors:api.generic'));
}
