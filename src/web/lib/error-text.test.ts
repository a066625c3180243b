import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contracts/errors';
import { SUPPORTED_LANGUAGES } from '../../contracts/languages';
import { ApiError } from './api-client';
import { errorText } from './error-text';
import { i18next, initI18n } from './i18n';

// The web reads a failure by its code and says it in the reader's language, never in the server's English.

describe('errorText', () => {
  beforeAll(async () => {
    await initI18n('de', ['errors']);
  });
  const t = (...args: Parameters<typeof i18next.t>) => i18next.getFixedT('de')(...args);

  it('translates the code, not the server message', () => {
    const error = new ApiError('This time slot was just taken.', 409, 'CONFLICT');
    expect(errorText(t as typeof i18next.t, error, 'fallback')).toBe(
      'Das wurde inzwischen geändert. Bitte laden Sie neu und versuchen Sie es erneut.',
    );
  });

  it('says a network failure as such, and falls back for an unknown code or a foreign error', () => {
    expect(errorText(t as typeof i18next.t, new ApiError('offline', 0, 'NETWORK'), 'fallback')).not.toBe('fallback');
    expect(errorText(t as typeof i18next.t, new ApiError('x', 418, 'TEAPOT'), 'fallback')).toBe('fallback');
    expect(errorText(t as typeof i18next.t, new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('has a text for every error code the server answers, in every language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const file = path.resolve(import.meta.dirname, `../locales/${language}/errors.json`);
      const codes = (JSON.parse(fs.readFileSync(file, 'utf8')) as { codes?: Record<string, string> }).codes ?? {};
      expect(
        ERROR_CODES.filter((code) => !codes[code]?.trim()),
        language,
      ).toEqual([]);
    }
  });
});
