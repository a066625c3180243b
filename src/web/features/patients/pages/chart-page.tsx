import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { QueryError } from '../../../components/ui/query-states';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useSession } from '../../../lib/session/use-session';
import { chartQuery } from '../api/chart';
import { BreakGlass } from '../components/break-glass';
import { ChartHeader } from '../components/chart-header';
import { AllergiesSection, ImmunizationsSection, ProblemsSection } from '../components/entry-sections';
import {
  AppointmentsSection,
  DemographicsSection,
  DocumentsSection,
  HistorySection,
  LabResultsSection,
  MedicationsSection,
  OrdersSection,
} from '../components/read-only-sections';
import { MessagesSection } from '../components/messages-section';
import { VitalsSection } from '../components/vitals-section';

const SECTIONS = [
  'vitals',
  'allergies',
  'problems',
  'medications',
  'labs',
  'orders',
  'immunizations',
  'history',
  'demographics',
  'documents',
  'appointments',
  'messages',
] as const;
type SectionKey = (typeof SECTIONS)[number];

/** A part of the chart: a landmark named by its heading, reachable from the chart's own contents list. */
function ChartSection({ id, title, children }: { id: SectionKey; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      id={`chart-${id}`}
      aria-labelledby={headingId}
      data-testid={`chart-section-${id}`}
      className="flex scroll-mt-48 flex-col gap-3"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A patient's chart as a clinician opens it (/patient/:id): the header always in view, then each part. */
export function ChartPage() {
  const { t } = useTranslation(['patients', 'health']);
  const { id = '' } = useParams();
  const { user } = useSession();
  const permissions = usePermissions();
  const [emergencyReason, setEmergencyReason] = useState<string | null>(null);
  const query = useQuery(chartQuery(id, emergencyReason));
  const canEdit = user?.role !== 'patient' && permissions.can(['medical_records.create']);
  // The patient's messages are read by those the server lets read records, as it decides.
  const canReadMessages = user?.role !== 'patient' && permissions.can(['medical_records.view']);
  const shown = SECTIONS.filter((key) => key !== 'messages' || canReadMessages);

  if (query.isPending) return <DelayedLoading />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    if (notFound && user?.role === 'doctor' && emergencyReason === null) return <BreakGlass onOpen={setEmergencyReason} />;
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8">
        <h1 className="text-2xl font-semibold">{notFound ? t('chart.notFound') : t('chart.title')}</h1>
        {notFound ? null : <QueryError message={errorText(t, query.error, t('chart.loadFailed'))} onRetry={() => void query.refetch()} />}
      </div>
    );
  }
  const chart = query.data;
  const props = { chart, canEdit, emergencyReason };
  const sections: Record<SectionKey, ReactNode> = {
    vitals: <VitalsSection {...props} />,
    allergies: <AllergiesSection {...props} />,
    problems: <ProblemsSection {...props} />,
    medications: <MedicationsSection chart={chart} />,
    labs: <LabResultsSection chart={chart} />,
    orders: <OrdersSection chart={chart} />,
    immunizations: <ImmunizationsSection {...props} />,
    history: <HistorySection chart={chart} />,
    demographics: <DemographicsSection chart={chart} />,
    documents: <DocumentsSection chart={chart} />,
    appointments: <AppointmentsSection chart={chart} />,
    messages: <MessagesSection patientId={id} emergencyReason={emergencyReason} />,
  };

  return (
    <div className="flex flex-col" aria-busy={query.isFetching}>
      <ChartHeader chart={chart} emergency={emergencyReason !== null} />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6">
        <nav aria-label={t('chart.contents')}>
          <ul className="flex flex-wrap gap-2 text-sm">
            {shown.map((key) => (
              <li key={key}>
                <a
                  href={`#chart-${key}`}
                  className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  {t(`chart.sections.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {shown.map((key) => (
          <ChartSection key={key} id={key} title={t(`chart.sections.${key}`)}>
            {sections[key]}
          </ChartSection>
        ))}
      </div>
    </div>
  );
}
