import { usePersonName } from '../../../lib/person-name';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../../contracts/appointments';
import type { VisitSummary } from '../../../../contracts/clinical-notes';
import { EmptyState } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { ChartView, RecordCard } from '../components/chart-view';

/** The patient's completed visits, newest first. */
export function completedVisits(appointments: readonly Appointment[]): Appointment[] {
  return appointments.filter((visit) => visit.status === 'completed').sort((a, b) => b.startsAt.localeCompare(a.startsAt));
}

/**
 * Visit notes for a patient: their completed visits. A visit's summary is released when the doctor
 * signs the visit's note (its instructions for the patient); until then each visit says honestly
 * that none has been written.
 */
export function VisitNotesPage() {
  const { t } = useTranslation('health');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  return (
    <ChartView title={t('visits.title')} intro={t('visits.intro')} errorText={t('errors.visits')}>
      {({ appointments, visitSummaries }) => {
        const visits = completedVisits(appointments);
        const summaryOf = new Map(visitSummaries.map((summary) => [summary.appointmentId, summary]));
        if (visits.length === 0) return <EmptyState>{t('visits.empty')}</EmptyState>;
        return (
          <ul className="flex flex-col gap-3">
            {visits.map((visit) => (
              <RecordCard
                key={visit.id}
                testId="visit"
                title={format.dateTime(visit.startsAt)}
                facts={[
                  {
                    label: t('visits.doctor'),
                    value: t('appointments.doctor', { name: nameOf(visit.doctor) }),
                  },
                  { label: t('visits.specialty'), value: visit.doctor.specialty },
                  { label: t('visits.type'), value: t(`appointments.type.${visit.type}`) },
                  { label: t('visits.reason'), value: visit.reason },
                ]}
              >
                <VisitSummaryBlock summary={summaryOf.get(visit.id)} />
              </RecordCard>
            ))}
          </ul>
        );
      }}
    </ChartView>
  );
}

function VisitSummaryBlock({ summary }: { summary: VisitSummary | undefined }) {
  const { t } = useTranslation('health');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  if (!summary) {
    return (
      <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {t('visits.noSummary')}
      </p>
    );
  }
  return (
    <div
      data-testid="visit-summary"
      className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
    >
      <h3 className="font-semibold">{t('visits.summaryTitle')}</h3>
      <p className="mt-1 whitespace-pre-wrap break-words">{summary.instructions}</p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        {t('visits.summaryBy', { name: nameOf(summary.doctor), date: format.date(summary.releasedAt) })}
      </p>
    </div>
  );
}
