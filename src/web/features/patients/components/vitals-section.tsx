import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VITAL_DEFINITIONS, type PatientChart, type Vital } from '../../../../contracts/health-records';
import { bodyMassIndex, ENTERED_VITALS, VITAL_RANGES, vitalsFormSchema, type VitalsFormInput } from '../../../../contracts/patient-chart';
import { TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useChartChange } from '../api/chart';

const EMPTY = Object.fromEntries(ENTERED_VITALS.map((type) => [type, ''])) as VitalsFormInput;

/** A typed figure as a number within its range, or null. */
function typed(text: string | undefined, type: 'weight' | 'height'): number | null {
  if (!text || text.trim() === '') return null;
  const value = Number(text.trim().replace(',', '.'));
  const { min, max } = VITAL_RANGES[type];
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** The latest reading of each vital and the recent ones, and (for a clinician) the form to record a sitting. */
export function VitalsSection({
  chart,
  canEdit,
  emergencyReason,
}: {
  chart: PatientChart;
  canEdit: boolean;
  emergencyReason: string | null;
}) {
  const { t } = useTranslation(['patients', 'health']);
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const label = (vital: Pick<Vital, 'type'>) => t(`health:vitals.measures.${vital.type}`);
  const value = (vital: Pick<Vital, 'value' | 'unit'>) => quantity(format.number(vital.value), catalogue.unit(vital.unit));
  const series = chart.vitalSeries.filter((vital) => !chart.latestVitals.some((latest) => latest.id === vital.id));

  return (
    <div className="flex flex-col gap-4">
      {chart.latestVitals.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('chart.vitals.none')}</p>
      ) : (
        <table className="w-full text-start text-sm" data-testid="latest-vitals">
          <caption className="sr-only">{t('chart.vitals.latestCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-start">
                {t('chart.vitals.measure')}
              </th>
              <th scope="col" className="px-2 py-1 text-start">
                {t('chart.vitals.value')}
              </th>
              <th scope="col" className="px-2 py-1 text-start">
                {t('chart.vitals.measuredAt')}
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.latestVitals.map((vital) => (
              <tr key={vital.id} className="border-t border-slate-200 dark:border-slate-800" data-vital={vital.type}>
                <th scope="row" className="px-2 py-1 text-start font-medium">
                  {label(vital)}
                </th>
                <td className="px-2 py-1">{value(vital)}</td>
                <td className="px-2 py-1">{format.dateTime(vital.measuredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {series.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">{t('chart.vitals.recent', { count: series.length })}</summary>
          <table className="mt-2 w-full text-start text-sm">
            <caption className="sr-only">{t('chart.vitals.recentCaption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('chart.vitals.measuredAt')}
                </th>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('chart.vitals.measure')}
                </th>
                <th scope="col" className="px-2 py-1 text-start">
                  {t('chart.vitals.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((vital) => (
                <tr key={vital.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="px-2 py-1">{format.dateTime(vital.measuredAt)}</td>
                  <th scope="row" className="px-2 py-1 text-start font-normal">
                    {label(vital)}
                  </th>
                  <td className="px-2 py-1">{value(vital)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
      {canEdit ? <RecordVitalsForm chart={chart} emergencyReason={emergencyReason} /> : null}
    </div>
  );
}

function RecordVitalsForm({ chart, emergencyReason }: { chart: PatientChart; emergencyReason: string | null }) {
  const { t } = useTranslation(['patients', 'health']);
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const form = useSchemaForm({ schema: vitalsFormSchema, defaultValues: EMPTY, backup: { id: `chart-vitals-${chart.patient.id}` } });
  const change = useChartChange('recordVitals', chart.patient.id, emergencyReason);
  const [saved, setSaved] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [weightText, heightText] = useWatch({ control: form.control, name: ['weight', 'height'] });
  const latest = (type: 'weight' | 'height') => chart.latestVitals.find((vital) => vital.type === type)?.value ?? null;
  const weight = typed(weightText, 'weight') ?? (weightText?.trim() ? null : latest('weight'));
  const height = typed(heightText, 'height') ?? (heightText?.trim() ? null : latest('height'));
  const enteredBodySize = Boolean(weightText?.trim() || heightText?.trim());
  const bmi = enteredBodySize && weight !== null && height !== null ? bodyMassIndex(weight, height) : null;

  return (
    <Form
      form={form}
      aria-label={t('chart.vitals.formTitle')}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="vitals-form"
      onSubmit={async (values) => {
        setFailure(null);
        setSaved(null);
        const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
        const answer = await change.mutateAsync({ params: { id: chart.patient.id }, body });
        form.reset(EMPTY);
        setSaved(answer.data.length);
      }}
      onFailure={(error, placed) => {
        if (placed.length === 0) setFailure(errorText(t, error, t('chart.saveFailed')));
      }}
    >
      <h3 className="text-lg font-semibold">{t('chart.vitals.formTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ENTERED_VITALS.map((type) => {
          const { min, max } = VITAL_RANGES[type];
          const unit = catalogue.unit(VITAL_DEFINITIONS[type].unit);
          return (
            <TextInput
              key={type}
              name={type}
              inputMode="decimal"
              autoComplete="off"
              label={t('chart.vitals.fieldLabel', { measure: t(`health:vitals.measures.${type}`), unit })}
              description={t('chart.vitals.range', { min: format.number(min), max: format.number(max), unit })}
            />
          );
        })}
      </div>
      <p className="text-sm" aria-live="polite" data-testid="bmi-preview">
        {bmi === null
          ? t('chart.vitals.bmiHint')
          : t('chart.vitals.bmi', { value: quantity(format.number(bmi), catalogue.unit(VITAL_DEFINITIONS.bmi.unit)) })}
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {saved !== null ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
          {t('chart.vitals.saved', { count: saved })}
        </p>
      ) : null}
      <div>
        <SubmitButton testId="vitals-save">{t('chart.vitals.save')}</SubmitButton>
      </div>
    </Form>
  );
}
