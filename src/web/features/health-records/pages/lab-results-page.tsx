import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../components/ui/query-states';
import { sortPanels } from '../../../lib/clinical/labs';
import { patientLabResultsQuery } from '../../../lib/clinical/queries';
import { useSession } from '../../../lib/session/use-session';
import { patientReportsQuery } from '../api/reports';
import { LabPanelCard } from '../components/lab-panel-card';
import { LabTrend } from '../components/lab-trend';
import { ReportCard } from '../components/report-card';

/** Lab results: the patient's released panels, newest first, with a trend of one test; then their released imaging reports and referral replies. */
export function LabResultsPage() {
  const { t } = useTranslation('health');
  const { user } = useSession();
  const query = useQuery({ ...patientLabResultsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const reports = useQuery({ ...patientReportsQuery(user?.id ?? ''), enabled: Boolean(user) });
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
      <section aria-labelledby="result-reports-title" className="flex flex-col gap-4" data-testid="result-reports">
        <h2 id="result-reports-title" className="text-2xl font-semibold tracking-tight">
          {t('reports.title')}
        </h2>
        <QueryStates
          query={reports}
          errorText={t('reports.loadFailed')}
          emptyText={t('reports.empty')}
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <>
              {list.map((report) => (
                <ReportCard key={report.id} report={report} />
              ))}
            </>
          )}
        </QueryStates>
      </section>
    </div>
  );
}
