import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, detectLanguage, directionOf, isSupportedLanguage } from './languages';

describe('detectLanguage', () => {
  it('reduces a regional tag to its base language', () => {
    expect(detectLanguage(['de-AT'])).toBe('de');
    expect(detectLanguage(['ZH-Hans-CN'])).toBe('zh');
  });

  it('takes the first supported language in order of preference', () => {
    expect(detectLanguage(['xx', 'fr-CA'])).toBe('fr');
    expect(detectLanguage(['es-MX', 'fr-CA'])).toBe('es');
  });

  it('falls back to English when nothing is supported', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(detectLanguage(['ja-JP', 'pt-BR'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});

describe('isSupportedLanguage', () => {
  it('accepts en, es, fr, de and zh, and rejects others', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'zh']) expect(isSupportedLanguage(language)).toBe(true);
    expect(isSupportedLanguage('ja')).toBe(false);
    expect(isSupportedLanguage('en-US')).toBe(false);
  });
});

describe('directionOf', () => {
  it.each(['ar', 'he', 'fa', 'ur', 'ar-EG', 'HE'])('%s is right-to-left', (language) => {
    expect(directionOf(language)).toBe('rtl');
  });

  it.each(['en', 'zh', 'de', 'en-GB', 'arn'])('%s is left-to-right', (language) => {
    expect(directionOf(language)).toBe('ltr');
  });
});
