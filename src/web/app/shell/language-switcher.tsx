import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../../contracts/languages';
import { useChooseLanguage } from '../../lib/theme-server-sync';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const choose = useChooseLanguage();
  return (
    <div className="flex items-center gap-1">
      <Languages className="size-4 text-slate-600 dark:text-slate-300" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isSupportedLanguage(next)) return;
          // Signed in, the choice is saved with the account; should that fail it stays in this browser.
          choose(next).catch(() => console.warn('Failed to save the language; it stays in this browser'));
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
        data-testid="language-switcher"
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
