import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROBLEM_CODE_LIST, VACCINE_CODE_LIST } from '../../../../contracts/clinical-catalogue';
import {
  ALLERGY_SEVERITIES,
  ALLERGY_STATUSES,
  ALLERGY_TYPES,
  PROBLEM_STATUSES,
  type Allergy,
  type Immunization,
  type PatientChart,
  type Problem,
} from '../../../../contracts/health-records';
import {
  allergyCreateSchema,
  allergyUpdateSchema,
  immunizationCreateSchema,
  immunizationUpdateSchema,
  problemCreateSchema,
  problemUpdateSchema,
} from '../../../../contracts/patient-chart';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useChartChange } from '../api/chart';
import { problemWords, vaccineWords } from '../lib/codes';

// The chart's coded lists a clinician keeps: allergies, problems (ICD-10-CM) and immunizations
// (CVX). Each entry is changed with the version it was read at; when someone saved it in between,
// the server refuses (STALE_RECORD), the chart is read again and the clinician is told.

interface SectionProps {
  chart: PatientChart;
  canEdit: boolean;
  emergencyReason: string | null;
}

/** A save's failure in the reader's words, unless the form already put it beside a field. */
function useFailure() {
  const { t } = useTranslation('patients');
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    onFailure: (error: unknown, placed: readonly unknown[]) => {
      if (placed.length === 0) setFailure(errorText(t, error, t('chart.saveFailed')));
    },
  };
}

export function AllergiesSection({ chart, canEdit, emergencyReason }: SectionProps) {
  const { t } = useTranslation(['patients', 'health']);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {chart.allergies.length === 0 ? (
        <p className="text-sm">{t('chart.allergies.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="allergy-list">
          {chart.allergies.map((allergy) => (
            <li key={allergy.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-medium">
                    <bdi>{allergy.allergen}</bdi>
                  </span>{' '}
                  · {t(`health:allergies.type.${allergy.type}`)} · {t(`health:allergies.severity.${allergy.severity}`)}
                  {allergy.status === 'inactive' ? ` · ${t('health:allergies.inactive')}` : ''}
                  {allergy.reaction ? (
                    <span className="block text-sm text-slate-700 dark:text-slate-300">
                      {t('health:allergies.reaction', { reaction: allergy.reaction })}
                    </span>
                  ) : null}
                </p>
                {canEdit && editing !== allergy.id ? (
                  <Button
                    variant="secondary"
                    className="!min-h-8 !px-2 !py-1"
                    onClick={() => setEditing(allergy.id)}
                    aria-label={t('chart.allergies.editNamed', { allergen: allergy.allergen })}
                  >
                    {t('chart.edit')}
                  </Button>
                ) : null}
              </div>
              {editing === allergy.id ? (
                <EditAllergyForm
                  allergy={allergy}
                  patientId={chart.patient.id}
                  emergencyReason={emergencyReason}
                  onDone={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <AddAllergyForm patientId={chart.patient.id} emergencyReason={emergencyReason} /> : null}
    </div>
  );
}

function AddAllergyForm({ patientId, emergencyReason }: { patientId: string; emergencyReason: string | null }) {
  const { t } = useTranslation(['patients', 'health']);
  const empty = { allergen: '', type: 'drug' as const, severity: 'moderate' as const, reaction: '' };
  const form = useSchemaForm({ schema: allergyCreateSchema, defaultValues: empty });
  const change = useChartChange('addAllergy', patientId, emergencyReason);
  const { failure, clear, onFailure } = useFailure();
  return (
    <Form
      form={form}
      aria-label={t('chart.allergies.add')}
      data-testid="allergy-form"
      className="grid items-end gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800"
      onSubmit={async (values) => {
        clear();
        await change.mutateAsync({ params: { id: patientId }, body: values });
        form.reset(empty);
      }}
      onFailure={onFailure}
    >
      <h3 className="text-lg font-semibold sm:col-span-2">{t('chart.allergies.add')}</h3>
      <TextInput name="allergen" label={t('chart.allergies.allergen')} autoComplete="off" />
      <SelectInput name="type" label={t('chart.allergies.type')}>
        {ALLERGY_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`health:allergies.type.${type}`)}
          </option>
        ))}
      </SelectInput>
      <SelectInput name="severity" label={t('chart.allergies.severity')}>
        {ALLERGY_SEVERITIES.map((severity) => (
          <option key={severity} value={severity}>
            {t(`health:allergies.severity.${severity}`)}
          </option>
        ))}
      </SelectInput>
      <TextInput name="reaction" label={t('chart.allergies.reaction')} autoComplete="off" />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="sm:col-span-2">
        <SubmitButton testId="allergy-save">{t('chart.allergies.save')}</SubmitButton>
      </div>
    </Form>
  );
}

function EditAllergyForm({
  allergy,
  patientId,
  emergencyReason,
  onDone,
}: {
  allergy: Allergy;
  patientId: string;
  emergencyReason: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['patients', 'health']);
  const form = useSchemaForm({
    schema: allergyUpdateSchema,
    defaultValues: { version: allergy.version, severity: allergy.severity, reaction: allergy.reaction ?? '', status: allergy.status },
  });
  const change = useChartChange('updateAllergy', patientId, emergencyReason);
  const { failure, clear, onFailure } = useFailure();
  return (
    <Form
      form={form}
      aria-label={t('chart.allergies.editNamed', { allergen: allergy.allergen })}
      className="mt-3 grid items-end gap-3 sm:grid-cols-3"
      onSubmit={async (values) => {
        clear();
        await change.mutateAsync({ params: { id: patientId, entryId: allergy.id }, body: values });
        onDone();
      }}
      onFailure={onFailure}
    >
      <SelectInput name="severity" label={t('chart.allergies.severity')}>
        {ALLERGY_SEVERITIES.map((severity) => (
          <option key={severity} value={severity}>
            {t(`health:allergies.severity.${severity}`)}
          </option>
        ))}
      </SelectInput>
      <TextInput name="reaction" label={t('chart.allergies.reaction')} autoComplete="off" />
      <SelectInput name="status" label={t('chart.allergies.status')}>
        {ALLERGY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`chart.allergies.statuses.${status}`)}
          </option>
        ))}
      </SelectInput>
      {failure ? (
        <div className="sm:col-span-3">
          <FormAlert>{failure}</FormAlert>
        </div>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        <SubmitButton>{t('chart.saveChanges')}</SubmitButton>
        <FormButton onClick={onDone}>{t('chart.cancel')}</FormButton>
      </div>
    </Form>
  );
}

export function ProblemsSection({ chart, canEdit, emergencyReason }: SectionProps) {
  const { t } = useTranslation('patients');
  const format = useClinicalFormat();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {chart.problems.length === 0 ? (
        <p className="text-sm">{t('chart.problems.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="problem-list">
          {chart.problems.map((problem) => (
            <li key={problem.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-medium">{problemWords(t, problem.icd10Code, problem.description)}</span>{' '}
                  <bdi className="text-sm text-slate-600 dark:text-slate-400">({problem.icd10Code})</bdi> ·{' '}
                  {t(`chart.problems.statuses.${problem.status}`)}
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    {problem.onsetDate ? t('chart.problems.onset', { date: format.calendarDate(problem.onsetDate) }) : null}
                    {problem.resolvedDate
                      ? ` · ${t('chart.problems.resolved', { date: format.calendarDate(problem.resolvedDate) })}`
                      : null}
                  </span>
                </p>
                {canEdit && editing !== problem.id ? (
                  <Button variant="secondary" className="!min-h-8 !px-2 !py-1" onClick={() => setEditing(problem.id)}>
                    {t('chart.edit')}
                  </Button>
                ) : null}
              </div>
              {editing === problem.id ? (
                <EditProblemForm
                  problem={problem}
                  patientId={chart.patient.id}
                  emergencyReason={emergencyReason}
                  onDone={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <AddProblemForm patientId={chart.patient.id} emergencyReason={emergencyReason} /> : null}
    </div>
  );
}

function AddProblemForm({ patientId, emergencyReason }: { patientId: string; emergencyReason: string | null }) {
  const { t } = useTranslation('patients');
  const empty = { icd10Code: PROBLEM_CODE_LIST[0], status: 'active' as const, onsetDate: '', resolvedDate: '' };
  const form = useSchemaForm({ schema: problemCreateSchema, defaultValues: empty });
  const change = useChartChange('addProblem', patientId, emergencyReason);
  const { failure, clear, onFailure } = useFailure();
  return (
    <Form
      form={form}
      aria-label={t('chart.problems.add')}
      className="grid items-end gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800"
      onSubmit={async (values) => {
        clear();
        await change.mutateAsync({ params: { id: patientId }, body: values });
        form.reset(empty);
      }}
      onFailure={onFailure}
    >
      <h3 className="text-lg font-semibold sm:col-span-2">{t('chart.problems.add')}</h3>
      <SelectInput name="icd10Code" label={t('chart.problems.code')}>
        {PROBLEM_CODE_LIST.map((code) => (
          <option key={code} value={code}>
            {problemWords(t, code, code)} ({code})
          </option>
        ))}
      </SelectInput>
      <SelectInput name="status" label={t('chart.problems.status')}>
        {PROBLEM_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`chart.problems.statuses.${status}`)}
          </option>
        ))}
      </SelectInput>
      <DateInput name="onsetDate" label={t('chart.problems.onsetDate')} />
      <DateInput name="resolvedDate" label={t('chart.problems.resolvedDate')} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="sm:col-span-2">
        <SubmitButton>{t('chart.problems.save')}</SubmitButton>
      </div>
    </Form>
  );
}

function EditProblemForm({
  problem,
  patientId,
  emergencyReason,
  onDone,
}: {
  problem: Problem;
  patientId: string;
  emergencyReason: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('patients');
  const form = useSchemaForm({
    schema: problemUpdateSchema,
    defaultValues: {
      version: problem.version,
      status: problem.status,
      onsetDate: problem.onsetDate ?? '',
      resolvedDate: problem.resolvedDate ?? '',
    },
  });
  const change = useChartChange('updateProblem', patientId, emergencyReason);
  const { failure, clear, onFailure } = useFailure();
  return (
    <Form
      form={form}
      aria-label={t('chart.problems.edit')}
      className="mt-3 grid items-end gap-3 sm:grid-cols-3"
      onSubmit={async (values) => {
        clear();
        await change.mutateAsync({ params: { id: patientId, entryId: problem.id }, body: values });
        onDone();
      }}
      onFailure={onFailure}
    >
      <SelectInput name="status" label={t('chart.problems.status')}>
        {PROBLEM_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`chart.problems.statuses.${status}`)}
          </option>
        ))}
      </SelectInput>
      <DateInput name="onsetDate" label={t('chart.problems.onsetDate')} />
      <DateInput name="resolvedDate" label={t('chart.problems.resolvedDate')} />
      {failure ? (
        <div className="sm:col-span-3">
          <FormAlert>{failure}</FormAlert>
        </div>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        <SubmitButton>{t('chart.saveChanges')}</SubmitButton>
        <FormButton onClick={onDone}>{t('chart.cancel')}</FormButton>
      </div>
    </Form>
  );
}

export function ImmunizationsSection({ chart, canEdit, emergencyReason }: SectionProps) {
  const { t } = useTranslation('patients');
  const format = useClinicalFormat();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {chart.immunizations.length === 0 ? (
        <p className="text-sm">{t('chart.immunizations.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="immunization-list">
          {chart.immunizations.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-medium">{vaccineWords(t, entry.cvxCode, entry.name)}</span>{' '}
                  <bdi className="text-sm text-slate-600 dark:text-slate-400">(CVX {entry.cvxCode})</bdi> ·{' '}
                  {format.calendarDate(entry.administeredOn)}
                  {entry.doseNumber ? ` · ${t('chart.immunizations.dose', { number: entry.doseNumber })}` : ''}
                  {entry.lotNumber ? (
                    <span className="block text-sm text-slate-700 dark:text-slate-300">
                      {t('chart.immunizations.lot')} <bdi>{entry.lotNumber}</bdi>
                    </span>
                  ) : null}
                </p>
                {canEdit && editing !== entry.id ? (
                  <Button variant="secondary" className="!min-h-8 !px-2 !py-1" onClick={() => setEditing(entry.id)}>
                    {t('chart.edit')}
                  </Button>
                ) : null}
              </div>
              {editing === entry.id ? (
                <EditImmunizationForm
                  entry={entry}
                  patientId={chart.patient.id}
                  emergencyReason={emergencyReason}
                  onDone={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <AddImmunizationForm patientId={chart.patient.id} emergencyReason={emergencyReason} /> : null}
    </div>
  );
}

function EditImmunizationForm({
  entry,
  patientId,
  emergencyReason,
  onDone,
}: {
  entry: Immunization;
  patientId: string;
  emergencyReason: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('patients');
  const form = useSchemaForm({
    schema: immunizationUpdateSchema,
    defaultValues: {
      version: entry.version,
      administeredOn: entry.administeredOn,
      doseNumber: entry.doseNumber === null ? '' : String(entry.doseNumber),
      lotNumber: entry.lotNumber ?? '',
    },
  });
  const change = useChartChange('updateImmunization', patientId, emergencyReason);
  const { failure, clear, onFailure } = useFailure();
  return (
    <Form
      form={form}
      aria-label={t('chart.immunizations.edit')}
      className="mt-3 grid items-end gap-3 sm:grid-cols-3"
      onSubmit={async (values) => {
        clear();
        await change.mutateAsync({ params: { id: patientId, entryId: entry.id }, body: values });
        onDone();
      }}
      onFailure={onFailure}
    >
      <DateInput name="administeredOn" label={t('chart.immunizations.administeredOn')} />
      <TextInput name="doseNumber" inputMode="numeric" label={t('chart.immunizations.doseNumber')} autoComplete="off" />
      <TextInput name="lotNumber" label={t('chart.immunizations.lotNumber')} autoComplete="off" />
      {failure ? (
        <div className="sm:col-span-3">
          <FormAlert>{failure}</FormAlert>
        </div>
      ) : null}
      <div className="flex gap-2 sm:col-span-3">
        <SubmitButton>{t('chart.saveChanges')}</SubmitButton>
        <FormButton onClick={onDone}>{t('chart.cancel')}</FormButton>
      </div>
    </Form>
  );
}

function AddImmunizationForm({ patientId, emergencyReason }: { patientId: string; emergencyReason: string | null }) {
  const { t } = useTranslation('patients');
  const empty = { cvxCode: VACCINE_CODE_LIST[0], administeredOn: '', doseNumber: '', lotNumber: '' };
  const form = useSchemaForm({ schema: immunizationCreateSchema, defaultValues: empty });
  const change = useChartChange('addImmunization', patientId, emergencyReason);
  const { failure, clear, onFailure } = useFailure();
  return (
    <Form
      form={form}
      aria-label={t('chart.immunizations.add')}
      className="grid items-end gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800"
      onSubmit={async (values) => {
        clear();
        await change.mutateAsync({ params: { id: patientId }, body: values });
        form.reset(empty);
      }}
      onFailure={onFailure}
    >
      <h3 className="text-lg font-semibold sm:col-span-2">{t('chart.immunizations.add')}</h3>
      <SelectInput name="cvxCode" label={t('chart.immunizations.vaccine')}>
        {VACCINE_CODE_LIST.map((code) => (
          <option key={code} value={code}>
            {vaccineWords(t, code, code)} (CVX {code})
          </option>
        ))}
      </SelectInput>
      <DateInput name="administeredOn" label={t('chart.immunizations.administeredOn')} />
      <TextInput name="doseNumber" inputMode="numeric" label={t('chart.immunizations.doseNumber')} autoComplete="off" />
      <TextInput name="lotNumber" label={t('chart.immunizations.lotNumber')} autoComplete="off" />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="sm:col-span-2">
        <SubmitButton>{t('chart.immunizations.save')}</SubmitButton>
      </div>
    </Form>
  );
}
