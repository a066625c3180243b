import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// People's names as the reader's language writes them. Chinese puts the family name first and
// writes a name in Han characters without a space (王伟); a name in Latin letters keeps its own
// order and its space there (Sarah Chen), as Chinese text quotes foreign names. Every other language
// of the app writes the given name first. Every place that shows a person's name goes through
// personName (or usePersonName), so the order is decided once.

export interface PersonNameParts {
  firstName: string;
  lastName: string;
}

/** Languages whose own names are written family name first. */
const FAMILY_NAME_FIRST = new Set(['zh', 'ja', 'ko']);
/** Scripts written without spaces between the parts of a name. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function personName(person: PersonNameParts, language: string): string {
  const given = person.firstName.trim();
  const family = person.lastName.trim();
  if (!given || !family) return given || family;
  const base = language.toLowerCase().split('-')[0] ?? language;
  const ownScript = UNSPACED_SCRIPT.test(given) || UNSPACED_SCRIPT.test(family);
  if (FAMILY_NAME_FIRST.has(base) && ownScript) return `${family}${given}`;
  if (FAMILY_NAME_FIRST.has(base) && /\p{Script=Hangul}/u.test(`${family}${given}`)) return `${family} ${given}`;
  return `${given} ${family}`;
}

/** personName in the current language. */
export function usePersonName(): (person: PersonNameParts) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useCallback((person: PersonNameParts) => personName(person, language), [language]);
}

/** A doctor's name with the title, both in the reader's language ("Dr. Sarah Chen", "陈莎拉 医生" for 陈/莎拉). */
export function useDoctorName(): (person: PersonNameParts) => string {
  const { t } = useTranslation('common');
  const nameOf = usePersonName();
  return useCallback((person: PersonNameParts) => t('common:doctorName', { name: nameOf(person) }), [t, nameOf]);
}
