import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientChart } from '../../../../contracts/health-records';
import { pathForView } from '../../../../contracts/views';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { usePersonName } from '../../../lib/person-name';

// The parts of the chart a clinician reads here and changes elsewhere (medications are prescribed
// in their own view; visits are booked in theirs): lab results (released or not), medications,
// medical and family history, demographics, documents and appointments.

type Props = { chart: PatientChart };

const dl = 'grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]';

export function LabResultsSection({ chart }: Props) {
  const { t } = useTranslation(['patients', 'health']);
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  if (chart.labResults.length === 0) return <p className="text-sm">{t('chart.labs.none')}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="lab-list">
      {chart.labResults.map((panel) => (
        <li key={panel.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <p className="font-medium">
            {catalogue.lab(panel.panelCode, panel.panelName)}{' '}
            <span className="text-sm font-normal">
              · {format.date(panel.collectedAt ?? panel.orderedAt)} ·{' '}
              {panel.releasedAt ? t('chart.labs.released') : t('chart.labs.notReleased')}
            </span>
          </p>
          <table className="mt-2 w-full text-start text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('chart.labs.test')}
                </th>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('health:labs.value')}
                </th>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('health:labs.range')}
                </th>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('chart.labs.flag')}
                </th>
              </tr>
            </thead>
            <tbody>
              {panel.components.map((c) => (
                <tr key={c.id} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="px-2 py-1 text-start font-normal">
                    {catalogue.lab(c.loincCode, c.name)}
                  </th>
                  <td className="px-2 py-1">{quantity(format.number(c.value), catalogue.unit(c.unit))}</td>
                  <td className="px-2 py-1">
                    {c.referenceLow !== null && c.referenceHigh !== null
                      ? t('health:labs.rangeBetween', { low: format.number(c.referenceLow), high: format.number(c.referenceHigh) })
                      : c.referenceLow !== null
                        ? t('health:labs.rangeAtLeast', { low: format.number(c.referenceLow) })
                        : c.referenceHigh !== null
                          ? t('health:labs.rangeAtMost', { high: format.number(c.referenceHigh) })
                          : t('health:labs.rangeNone')}
                  </td>
                  <td className={`px-2 py-1 ${c.flag === 'normal' ? '' : 'font-semibold text-red-800 dark:text-red-200'}`}>
                    {t(`health:labs.flags.${c.flag}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}

/** Orders are placed and worked in the orders view; the chart opens it on this patient. */
export function OrdersSection({ chart }: Props) {
  const { t } = useTranslation('patients');
  return (
    <p className="text-sm">
      {t('chart.orders.intro')}{' '}
      <Link
        to={`${pathForView('orders')}?patient=${encodeURIComponent(chart.patient.id)}`}
        className="font-medium text-brand-700 underline dark:text-brand-300"
        data-testid="chart-orders-link"
      >
        {t('chart.orders.open')}
      </Link>
    </p>
  );
}

export function MedicationsSection({ chart }: Props) {
  const { t } = useTranslation('patients');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  if (chart.medications.length === 0) return <p className="text-sm">{t('chart.medications.none')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="medication-list">
      {chart.medications.map((medication) => (
        <li key={medication.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <span className="font-medium">
            <bdi>{catalogue.drug(medication)}</bdi>
          </span>{' '}
          · <bdi>{medication.dosage}</bdi> · {catalogue.frequency(medication.frequency)} ·{' '}
          {t(`chart.medications.statuses.${medication.status}`)}
          <span className="block text-sm text-slate-700 dark:text-slate-300">
            {t('chart.medications.since', { date: format.calendarDate(medication.startDate) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function HistorySection({ chart }: Props) {
  const { t } = useTranslation('patients');
  const format = useClinicalFormat();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="font-semibold">{t('chart.history.medical')}</h3>
        {chart.medicalHistory.length === 0 ? (
          <p className="text-sm">{t('chart.history.none')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {chart.medicalHistory.map((entry) => (
              <li key={entry.id}>
                <bdi>{entry.description}</bdi> · {t(`chart.history.categories.${entry.category}`)}
                {entry.occurredOn ? ` · ${format.calendarDate(entry.occurredOn)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold">{t('chart.history.family')}</h3>
        {chart.familyHistory.length === 0 ? (
          <p className="text-sm">{t('chart.history.none')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {chart.familyHistory.map((entry) => (
              <li key={entry.id}>
                <bdi>{entry.relationship}</bdi>: <bdi>{entry.condition}</bdi>
                {entry.onsetAge !== null ? ` · ${t('chart.history.onsetAge', { count: entry.onsetAge })}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function DemographicsSection({ chart }: Props) {
  const { t } = useTranslation('patients');
  const { patient, demographics } = chart;
  const none = t('chart.header.notRecorded');
  const rows: [string, string | null][] = [
    [t('chart.demographics.email'), patient.email],
    [t('chart.demographics.phone'), patient.phone],
    [t('chart.demographics.address'), demographics.address],
    [t('chart.demographics.language'), demographics.preferredLanguage],
    [t('chart.demographics.country'), demographics.country],
    [t('chart.demographics.occupation'), demographics.occupation],
    [t('chart.demographics.insurance'), demographics.insuranceProvider],
    [t('chart.demographics.policy'), demographics.insurancePolicyNumber],
    [
      t('chart.demographics.emergencyContact'),
      demographics.emergencyContact
        ? `${demographics.emergencyContact.name} (${demographics.emergencyContact.relationship}) ${demographics.emergencyContact.phone}`
        : null,
    ],
  ];
  return (
    <dl className={dl}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd>{value ? <bdi>{value}</bdi> : none}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DocumentsSection({ chart }: Props) {
  const { t } = useTranslation('patients');
  const format = useClinicalFormat();
  if (chart.documents.length === 0) return <p className="text-sm">{t('chart.documents.none')}</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="document-list">
      {chart.documents.map((document) => (
        <li key={document.id}>
          <bdi>{document.filename}</bdi> · {t(`chart.documents.categories.${document.category}`)} · {format.date(document.uploadedAt)}
        </li>
      ))}
    </ul>
  );
}

export function AppointmentsSection({ chart }: Props) {
  const { t } = useTranslation(['patients', 'health']);
  const format = useClinicalFormat();
  const nameOf = usePersonName();
  if (chart.appointments.length === 0) return <p className="text-sm">{t('chart.appointments.none')}</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="appointment-list">
      {chart.appointments.map((appointment) => (
        <li key={appointment.id}>
          {format.dateTime(appointment.startsAt)} · {t('health:appointments.doctor', { name: nameOf(appointment.doctor) })} ·{' '}
          {t(`health:appointments.status.${appointment.status}`)}
        </li>
      ))}
    </ul>
  );
}
