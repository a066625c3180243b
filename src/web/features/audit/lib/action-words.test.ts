import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_CATEGORIES } from '../../../../contracts/audit';
import { SUPPORTED_LANGUAGES } from '../../../../contracts/languages';
import ar from '../../../locales/ar/audit.json';
import de from '../../../locales/de/audit.json';
import en from '../../../locales/en/audit.json';
import es from '../../../locales/es/audit.json';
import fr from '../../../locales/fr/audit.json';
import zh from '../../../locales/zh/audit.json';
import { actionWords } from './action-words';

// The server may record only the actions of AUDIT_ACTIONS (its audit types accept no other code).
// Each must read as words of its own in every language: never the generic "Other action", never
// a raw code, never English left in another language.

const texts = { ar, de, en, es, fr, zh };

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, fallbackLng: false, resources: { [language]: { audit: texts[language as keyof typeof texts] } } });
  return instance.t;
}

describe.each(SUPPORTED_LANGUAGES)('audit action words in %s', (language) => {
  it('words every action the server can record', async () => {
    const t = await translator(language);
    const generic = new Set([t('audit:actions.other'), t('audit:actions.otherRecord')]);
    const unlabelled = AUDIT_ACTIONS.filter((action) => {
      const words = actionWords(t, action);
      return generic.has(words) || words.includes(action) || words.startsWith('actions.');
    });
    expect(unlabelled, `${language}: audit actions without words of their own`).toEqual([]);
  });

  it.skipIf(language === 'en')('does not leave an action in English', async () => {
    const [t, english] = await Promise.all([translator(language), translator('en')]);
    const untranslated = AUDIT_ACTIONS.filter((action) => actionWords(t, action) === actionWords(english, action));
    expect(untranslated, `${language}: audit actions worded in English`).toEqual([]);
  });

  it('names every category', async () => {
    const t = await translator(language);
    for (const category of AUDIT_CATEGORIES) expect(t(`audit:categories.${category}`)).not.toMatch(/^categories\./);
  });
});

it('still words an action only old events hold, by its area', async () => {
  const t = await translator('en');
  expect(actionWords(t, 'records.archived')).toBe('Worked with your health information');
  expect(actionWords(t, 'reports.printed')).toBe('Other action');
});
