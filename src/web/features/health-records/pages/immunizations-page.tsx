import { useTranslation } from 'react-i18next';
import type { PatientChart } from '../../../../contracts/health-records';
import { EmptyState } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { ChartView, RecordCard } from '../components/chart-view';

type Immunization = PatientChart['immunizations'][number];

interface Vaccine {
  cvxCode: string;
  name: string;
  /** Newest dose first. */
  doses: Immunization[];
}

/** One entry per vaccine (CVX code), the most recently given vaccine first. */
export function groupByVaccine(immunizations: readonly Immunization[]): Vaccine[] {
  const groups = new Map<string, Vaccine>();
  for (const dose of immunizations) {
    const group = groups.get(dose.cvxCode) ?? { cvxCode: dose.cvxCode, name: dose.name, doses: [] };
    group.doses.push(dose);
    groups.set(dose.cvxCode, group);
  }
  const vaccines = [...groups.values()];
  for (const vaccine of vaccines) vaccine.doses.sort((a, b) => b.administeredOn.localeCompare(a.administeredOn));
  return vaccines.sort((a, b) => (b.doses[0]?.administeredOn ?? '').localeCompare(a.doses[0]?.administeredOn ?? ''));
}

/** Immunizations (read-only for a patient): each vaccine with its CVX code and every dose. */
export function ImmunizationsPage() {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  return (
    <ChartView title={t('immunizations.title')} intro={t('immunizations.intro')} errorText={t('errors.immunizations')}>
      {({ immunizations }) =>
        immunizations.length === 0 ? (
          <EmptyState>{t('immunizations.empty')}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {groupByVaccine(immunizations).map((vaccine) => (
              <RecordCard
                key={vaccine.cvxCode}
                testId="vaccine"
                title={vaccine.name}
                facts={[
                  { label: t('immunizations.cvx'), value: <bdi className="font-mono">{vaccine.cvxCode}</bdi> },
                  { label: t('immunizations.doses'), value: format.number(vaccine.doses.length) },
                ]}
              >
                <table className="mt-3 w-full text-left text-sm">
                  <caption className="sr-only">{t('immunizations.dosesOf', { vaccine: vaccine.name })}</caption>
                  <thead className="text-slate-600 dark:text-slate-400">
                    <tr>
                      <th scope="col" className="py-1 pe-3 font-medium">
                        {t('immunizations.date')}
                      </th>
                      <th scope="col" className="py-1 pe-3 font-medium">
                        {t('immunizations.dose')}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t('immunizations.lot')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                    {vaccine.doses.map((dose) => (
                      <tr key={dose.id} data-testid="dose">
                        <td className="py-1 pe-3">{format.calendarDate(dose.administeredOn)}</td>
                        <td className="py-1 pe-3">{dose.doseNumber === null ? t('notRecorded') : format.number(dose.doseNumber)}</td>
                        <td className="py-1 break-all">
                          {dose.lotNumber ? <bdi className="font-mono">{dose.lotNumber}</bdi> : t('notRecorded')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </RecordCard>
            ))}
          </ul>
        )
      }
    </ChartView>
  );
}
