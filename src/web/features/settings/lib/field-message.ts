import { validationKeyOf } from '../../../lib/validation-text';

/** A field's message in the reader's language when it is a known validation text; any other server text as it is. */
export function fieldMessage(translate: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = validationKeyOf(message);
  return key ? translate(`validation:${key}`) : message;
}
