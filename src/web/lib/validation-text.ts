import { VALIDATION_MESSAGES_EN } from '../../contracts/validation-messages';

// A validation message is a key when it comes from a contract schema in the browser, and the key's
// English text when the server answers it (the error handler speaks English, ADR 008). Either way
// it is shown in the reader's language through the `validation` namespace. A text with {{name}}
// placeholders (a minimum the server reads from its settings) is matched by its shape, and the
// values the server filled in are handed to the translation.

const KEY_BY_ENGLISH = new Map<string, string>(Object.entries(VALIDATION_MESSAGES_EN).map(([key, text]) => [text, key]));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEMPLATES = Object.entries(VALIDATION_MESSAGES_EN)
  .filter(([, text]) => text.includes('{{'))
  .map(([key, text]) => {
    const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
    const pattern = new RegExp(
      `^${text
        .split(/\{\{\w+\}\}/)
        .map(escape)
        .join('(.+?)')}$`,
    );
    return { key, names, pattern };
  });

/** The validation key a message stands for, whether it is the key itself or its English text. */
export function validationKeyOf(message: string): string | undefined {
  return validationMessageOf(message)?.key;
}

/** The key a message stands for, with the values the server filled into its placeholders. */
export function validationMessageOf(message: string): { key: string; values?: Record<string, string> } | undefined {
  if (Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES_EN, message)) return { key: message };
  const key = KEY_BY_ENGLISH.get(message);
  if (key) return { key };
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (match) return { key: template.key, values: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
}
