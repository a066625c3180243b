import { useTranslation } from 'react-i18next';
import type { PatientChart } from '../../../../contracts/health-records';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { ChartSection, ChartView, RecordCard, StatusBadge } from '../components/chart-view';

type Problem = PatientChart['problems'][number];

/** Newest onset first; problems without an onset date last. */
function byOnset(a: Problem, b: Problem): number {
  return (b.onsetDate ?? '').localeCompare(a.onsetDate ?? '');
}

/** Problems (read-only for a patient): the problem list, active ones first, with ICD-10 codes. */
export function ProblemsPage() {
  const { t } = useTranslation('health');
  return (
    <ChartView title={t('problems.title')} intro={t('problems.intro')} errorText={t('errors.problems')}>
      {({ problems }) => {
        const active = problems.filter((problem) => problem.status === 'active').sort(byOnset);
        const past = problems.filter((problem) => problem.status !== 'active').sort(byOnset);
        return (
          <>
            <ChartSection
              title={t('problems.active')}
              emptyText={t('problems.noActive')}
              isEmpty={active.length === 0}
              testId="active-problems"
            >
              <ProblemList problems={active} />
            </ChartSection>
            <ChartSection title={t('problems.past')} emptyText={t('problems.noPast')} isEmpty={past.length === 0} testId="past-problems">
              <ProblemList problems={past} />
            </ChartSection>
          </>
        );
      }}
    </ChartView>
  );
}

function ProblemList({ problems }: { problems: Problem[] }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  return (
    <ul className="flex flex-col gap-3">
      {problems.map((problem) => (
        <RecordCard
          key={problem.id}
          testId="problem"
          title={problem.description}
          badge={
            <StatusBadge tone={problem.status === 'active' ? 'active' : 'neutral'}>{t(`problems.status.${problem.status}`)}</StatusBadge>
          }
          facts={[
            { label: t('problems.icd10'), value: <bdi className="font-mono">{problem.icd10Code}</bdi> },
            { label: t('problems.onset'), value: problem.onsetDate ? format.calendarDate(problem.onsetDate) : t('unknownDate') },
            ...(problem.resolvedDate ? [{ label: t('problems.resolved'), value: format.calendarDate(problem.resolvedDate) }] : []),
          ]}
        />
      ))}
    </ul>
  );
}
