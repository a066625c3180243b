import { VALIDATION_MESSAGES_EN } from '../../contracts/validation-messages';

// A validation message is a key when it comes from a contract schema in the browser, and the key's
// English text when the server answers it (the error handler speaks English, ADR 008). Either way
// it is shown in the reader's language through the `validation` namespace.

const KEY_BY_ENGLISH = new Map<string, string>(Object.entries(VALIDATION_MESSAGES_EN).map(([key, text]) => [text, key]));

/** The validation key a message stands for, whether it is the key itself or its English text. */
export function validationKeyOf(message: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES_EN, message)) return message;
  return KEY_BY_ENGLISH.get(message);
}
