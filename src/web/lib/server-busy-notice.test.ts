import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contracts/languages';
import { i18next, initI18n } from './i18n';
import { serverBusyText } from './server-busy-notice';

// A busy server is told in the reader's language, with the wait before the read is tried again.

describe('serverBusyText', () => {
  beforeAll(async () => {
    await initI18n('en', ['errors']);
    await i18next.loadLanguages([...SUPPORTED_LANGUAGES]);
  });

  it('says when a read will be tried again, in every language', () => {
    const texts = SUPPORTED_LANGUAGES.map((language) => {
      const t = i18next.getFixedT(language);
      const text = serverBusyText(t as typeof i18next.t, { method: 'GET', path: '/appointments', retryAfterMs: 2000 });
      expect(text, language).toContain('2');
      expect(text, language).not.toContain('busyRetrying');
      return text;
    });
    expect(texts[0]).toBe('The service is busy. Trying again in 2 s…');
    expect(new Set(texts).size).toBe(SUPPORTED_LANGUAGES.length);
  });

  it('leaves a refused change to its own screen, which says nothing was changed', () => {
    const t = i18next.getFixedT('de');
    expect(serverBusyText(t as typeof i18next.t, { method: 'POST', path: '/appointments', retryAfterMs: 2000 })).toBeNull();
    expect(t('errors:codes.SERVER_BUSY')).toContain('nichts geändert');
  });
});
