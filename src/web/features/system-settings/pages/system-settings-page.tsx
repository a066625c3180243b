import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { FormAlert } from '../../../components/ui/field';
import { systemSettingsQuery, useReloadSystemSettings } from '../api/system-settings';
import { SystemSettingsForm } from '../components/system-settings-form';

/** The settings that apply to every sign-in and mail, changed without a restart. */
export function SystemSettingsPage() {
  const { t } = useTranslation('system-settings');
  const query = useQuery(systemSettingsQuery);
  const reload = useReloadSystemSettings();
  // Kept here, not in the form: the form starts over on the values read again, and the message stays.
  const [conflict, setConflict] = useState(false);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('description')}</p>
      </header>
      {conflict ? <FormAlert>{t('conflict')}</FormAlert> : null}
      {query.isPending ? (
        <DelayedLoading />
      ) : query.isError ? (
        <FormAlert>
          {t('loadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </FormAlert>
      ) : (
        // A new version (saved here or by another admin) starts the form over on the stored values.
        <SystemSettingsForm
          key={query.data.version}
          settings={query.data}
          onSaved={() => setConflict(false)}
          onConflict={() => {
            setConflict(true);
            void reload();
          }}
        />
      )}
    </div>
  );
}
