import { AlertTriangle, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PatientChart } from '../../../../contracts/health-records';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { usePersonName } from '../../../lib/person-name';

/**
 * What a clinician must see whatever part of the chart is open: who the patient is (name, age,
 * sex, record number, date of birth, blood type), their active allergies, and the alerts.
 */
export function ChartHeader({ chart, emergency }: { chart: PatientChart; emergency: boolean }) {
  const { t } = useTranslation(['patients', 'health']);
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  const { patient, header } = chart;
  const active = chart.allergies.filter((allergy) => allergy.status === 'active');
  const unknown = t('chart.header.notRecorded');
  return (
    <header
      className="sticky top-0 z-10 flex flex-col gap-2 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
      data-testid="chart-header"
    >
      {emergency ? (
        <p
          className="flex items-center gap-2 rounded-lg bg-amber-100 px-3 py-1 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          role="status"
        >
          <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('chart.header.emergency')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold">{nameOf(patient)}</h1>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <div className="flex gap-1">
            <dt className="font-medium">{t('chart.header.age')}</dt>
            <dd>{header.age === null ? unknown : t('list.table.years', { count: header.age })}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('chart.header.sex')}</dt>
            <dd>{patient.gender ? t(`sex.${patient.gender}`) : unknown}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('chart.header.mrn')}</dt>
            <dd>
              <bdi data-testid="chart-mrn">{patient.medicalRecordNumber}</bdi>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('chart.header.dateOfBirth')}</dt>
            <dd>{patient.dateOfBirth ? format.calendarDate(patient.dateOfBirth) : unknown}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('chart.header.bloodType')}</dt>
            <dd>
              <bdi>{header.bloodType === 'Unknown' ? unknown : header.bloodType}</bdi>
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="chart-allergies">
        <span className="font-medium">{t('chart.header.allergies')}</span>
        {active.length === 0 ? (
          <span>{t('chart.header.noKnownAllergies')}</span>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {active.map((allergy) => (
              <li
                key={allergy.id}
                className={`rounded-full px-2 py-0.5 ${
                  allergy.severity === 'severe'
                    ? 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50'
                    : 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50'
                }`}
              >
                <bdi>{allergy.allergen}</bdi> · {t(`health:allergies.severity.${allergy.severity}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {header.alerts.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('chart.header.alerts')} data-testid="chart-alerts">
          {header.alerts.map((alert) => (
            <li
              key={alert}
              className="flex items-center gap-1 rounded-lg border border-red-300 px-2 py-0.5 text-red-900 dark:border-red-800 dark:text-red-100"
            >
              <AlertTriangle className="size-4" aria-hidden="true" />
              {t(`chart.alerts.${alert}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}
