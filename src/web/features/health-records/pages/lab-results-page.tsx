import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../components/ui/query-states';
import { sortPanels } from '../../../lib/clinical/labs';
import { patientLabResultsQuery } from '../../../lib/clinical/queries';
import { useSession } from '../../../lib/session/use-session';
import { LabPanelCard } from '../components/lab-panel-card';
import { LabTrend } from '../components/lab-trend';

/** Lab results: the patient's released panels, newest first, with a trend of one test. */
export function LabResultsPage() {
  const { t } = useTranslation('health');
  const { user } = useSession();
  const query = useQuery({ ...patientLabResultsQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('labs.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('labs.intro')}</p>
      </header>
      <QueryStates query={query} errorText={t('errors.labResults')} emptyText={t('labs.empty')} isEmpty={(panels) => panels.length === 0}>
        {(panels) => (
          <>
            <LabTrend panels={panels} />
            {sortPanels(panels).map((panel) => (
              <LabPanelCard key={panel.id} panel={panel} />
            ))}
          </>
        )}
      </QueryStates>
    </div>
  );
}
