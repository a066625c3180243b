import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SUPPORTED_LANGUAGES, isSupportedLanguage, type Language } from '../../../../contracts/languages';
import { inputClasses } from '../../../components/ui/field';
import { useTheme } from '../../../lib/theme-context';
import { useChooseLanguage } from '../../../lib/theme-server-sync';
import type { Theme } from '../../../lib/theme';
import { userSettingsQuery, useUpdateUserSettings } from '../api/user-settings';
import { nativeLanguageName } from '../lib/language-name';
import { SectionError } from './settings-section';

const THEMES: readonly Theme[] = ['light', 'dark'];

/**
 * The preferences, theme and language: a choice applies at once and is saved to the
 * server, so it follows the user to another browser. A failed save keeps the choice in this browser.
 */
export function PreferencesSection() {
  const { t, i18n } = useTranslation('settings');
  const { theme, setTheme } = useTheme();
  const settings = useQuery(userSettingsQuery);
  const update = useUpdateUserSettings();
  const choose = useChooseLanguage();
  const languageId = useId();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;

  const chooseTheme = (next: Theme) => {
    setTheme(next);
    update.mutate(
      { theme: next },
      {
        onSuccess: () => toast.success(t('preferences.settingsUpdated')),
        onError: () => toast.error(t('preferences.saveFailed')),
      },
    );
  };

  const chooseLanguage = async (next: string) => {
    if (!isSupportedLanguage(next)) return;
    // Said in the new language (this render's `t` still speaks the old one).
    const tNext = i18n.getFixedT(next, 'settings');
    try {
      await choose(next);
      toast.success(tNext('preferences.languageChanged'));
    } catch {
      toast.error(tNext('preferences.saveFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {settings.isError ? (
        <SectionError message={t('preferences.fetchFailed')} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />
      ) : null}
      {settings.isPending ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {t('preferences.loading')}
        </p>
      ) : null}

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('preferences.theme.label')}</legend>
        <div className="flex flex-wrap gap-3">
          {THEMES.map((option) => (
            <label
              key={option}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:border-brand-500 dark:has-[:checked]:bg-brand-900/40"
            >
              <input
                type="radio"
                name="theme"
                value={option}
                checked={theme === option}
                onChange={() => chooseTheme(option)}
                className="size-4 accent-brand-700"
              />
              {t(`preferences.theme.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex max-w-xs flex-col gap-1">
        <label htmlFor={languageId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('preferences.language.label')}
        </label>
        <select
          id={languageId}
          value={language}
          onChange={(event) => void chooseLanguage(event.target.value)}
          className={inputClasses(false)}
        >
          {SUPPORTED_LANGUAGES.map((option) => (
            <option key={option} value={option} lang={option}>
              {nativeLanguageName(option)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
