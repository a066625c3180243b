import { validationMessageOf } from '../validation-text';

/**
 * A field's error in the reader's language: a validation key from a contract schema, or the English
 * text the server answers for that key (docs/decisions/008-validation-messages-as-keys.md), is
 * translated through the `validation` namespace; any other text is shown as it came.
 */
export function fieldErrorText(
  translate: (key: string, values?: Record<string, string>) => string,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const found = validationMessageOf(message);
  if (!found) return message;
  return found.values ? translate(`validation:${found.key}`, found.values) : translate(`validation:${found.key}`);
}
