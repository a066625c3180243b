// The interface languages; Arabic is among them so right-to-left is exercised, not just coded (ADR 005).

export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  zh: '中文',
  ar: 'العربية',
};

/** Text direction becomes right-to-left for these languages. */
export const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur'] as const;

export function isSupportedLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  const base = language.toLowerCase().split('-')[0] ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(base) ? 'rtl' : 'ltr';
}

/**
 * Detection from the browser language accepts only supported languages, else English.
 * `candidates` is navigator.languages in order of preference.
 */
export function detectLanguage(candidates: readonly string[]): Language {
  for (const candidate of candidates) {
    const base = candidate.toLowerCase().split('-')[0] ?? '';
    if (isSupportedLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
