import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES_EN } from '../../../contracts/validation-messages';
import { initI18n } from '../i18n';
import { fieldErrorText } from './field-error-text';

// What the server answers for a malformed passkey body is a validation key's English text; the web
// shows it in the reader's language, like any other field's message.

const translate = (key: string, values?: Record<string, string>) => i18next.t(key, values);

describe('a passkey field refused by the server', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it.each([
    ['es', 'Faltan los datos del cliente o no son válidos', 'Falta la firma de la llave de acceso o no es válida'],
    ['de', 'Die Clientdaten fehlen oder sind ungültig', 'Die Passkey-Signatur fehlt oder ist ungültig'],
  ])('reads in %s', async (language, clientData, signature) => {
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces('validation');
    expect(fieldErrorText(translate, VALIDATION_MESSAGES_EN['passkey.clientDataInvalid'])).toBe(clientData);
    expect(fieldErrorText(translate, VALIDATION_MESSAGES_EN['passkey.signatureInvalid'])).toBe(signature);
  });

  it('has a translation of every passkey message in every language', async () => {
    for (const language of ['es', 'fr', 'de', 'ar', 'zh']) {
      await i18next.changeLanguage(language);
      await i18next.loadNamespaces('validation');
      for (const [key, english] of Object.entries(VALIDATION_MESSAGES_EN).filter(([name]) => name.startsWith('passkey.'))) {
        const text = fieldErrorText(translate, english);
        expect(text, `${language} ${key}`).not.toBe(english);
        expect(text, `${language} ${key}`).not.toBe(`validation:${key}`);
      }
    }
  });
});
