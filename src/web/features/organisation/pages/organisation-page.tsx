import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { FormAlert } from '../../../components/ui/field';
import { organisationQuery } from '../api/organisation';
import { ClinicsEditor } from '../components/clinics-editor';
import { SettingsForm } from '../components/settings-form';

/** What the landing page, footer, emails and map say about the organisation. */
export function OrganisationPage() {
  const { t } = useTranslation('organisation');
  const query = useQuery(organisationQuery);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('description')}</p>
      </header>
      {query.isPending ? (
        <DelayedLoading />
      ) : query.isError ? (
        <FormAlert>
          {t('settings.loadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </FormAlert>
      ) : (
        <SettingsForm key={query.data.updatedAt ?? 'defaults'} settings={query.data} />
      )}
      <ClinicsEditor />
    </div>
  );
}
