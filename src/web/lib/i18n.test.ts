import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, initialLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('initialLanguage', () => {
  it('uses the stored choice first', () => {
    browserLanguages(['de-DE']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(initialLanguage()).toBe('fr');
  });

  it("else the browser's language when supported", () => {
    browserLanguages(['de-DE', 'en-US']);
    expect(initialLanguage()).toBe('de');

    browserLanguages(['ja-JP', 'es-419']);
    expect(initialLanguage()).toBe('es');
  });

  it('ignores a stored value that is not supported', () => {
    browserLanguages(['zh-CN']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(initialLanguage()).toBe('zh');
  });

  it('else English', () => {
    browserLanguages(['ja-JP', 'pt-BR']);
    expect(initialLanguage()).toBe('en');
  });
});

describe('initI18n and language changes', () => {
  it('loads English texts, then sets <html lang/dir> and stores each change', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await initI18n('en');
    expect(i18next.t('comingSoon.title')).toBe('This feature is coming soon!');
    expect(i18next.t('errors:boundary.title.network')).toBe('Connection Issue');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');

    await i18next.changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('caredeck.language')).toBe('ar');

    await i18next.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('caredeck.language')).toBe('de');

    await i18next.changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('caredeck.language')).toBe('en');
  });
});
