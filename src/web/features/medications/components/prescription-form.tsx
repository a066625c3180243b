import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { MEDICATION_FREQUENCIES, MEDICATION_ROUTES } from '../../../../contracts/clinical-catalogue';
import { DRUG_CATALOGUE, DRUG_CODES, type DrugCode } from '../../../../contracts/drug-catalogue';
import { PRESCRIPTION_BOUNDS, PRESCRIPTION_TEXT_MAX, type CreatePrescription } from '../../../../contracts/prescribing';
import { SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { usePrescribe, usePrescriptionCheck } from '../api/prescribing';
import { PrescriptionWarnings } from './prescription-warnings';
import { PatientSelect } from '../../../components/clinical/patient-select';

/** A whole number from min to max typed in a field ('' allowed when optional). */
const whole = (min: number, max: number, optional = false) =>
  z
    .string()
    .trim()
    .refine(
      (value) => (optional && value === '') || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      'choice.invalid',
    );

const formSchema = z
  .object({
    patientId: z.string().min(1, 'required'),
    drugCode: z.string(),
    drugName: z.string().trim().max(PRESCRIPTION_TEXT_MAX.drugName, 'text.tooLong'),
    strength: z.string().trim().min(1, 'required').max(PRESCRIPTION_TEXT_MAX.strength, 'text.tooLong'),
    dose: z.string().trim().min(1, 'required').max(PRESCRIPTION_TEXT_MAX.dose, 'text.tooLong'),
    route: z.enum(MEDICATION_ROUTES, 'choice.invalid'),
    frequency: z.enum(MEDICATION_FREQUENCIES, 'choice.invalid'),
    durationDays: whole(1, PRESCRIPTION_BOUNDS.durationDays, true),
    quantity: whole(1, PRESCRIPTION_BOUNDS.quantity),
    refills: whole(0, PRESCRIPTION_BOUNDS.refills),
    instructions: z.string().trim().max(PRESCRIPTION_TEXT_MAX.instructions, 'text.tooLong'),
    overrideReason: z.string().trim().max(PRESCRIPTION_TEXT_MAX.reason, 'text.tooLong'),
  })
  .superRefine((value, ctx) => {
    if (!value.drugCode && !value.drugName) ctx.addIssue({ code: 'custom', path: ['drugName'], message: 'required' });
  });
type FormValues = z.input<typeof formSchema>;

const EMPTY: FormValues = {
  patientId: '',
  drugCode: '',
  drugName: '',
  strength: '',
  dose: '',
  route: 'oral',
  frequency: 'once-daily',
  durationDays: '',
  quantity: '30',
  refills: '0',
  instructions: '',
  overrideReason: '',
};

function toPrescription(values: z.output<typeof formSchema>): CreatePrescription {
  const drugCode = values.drugCode ? (values.drugCode as DrugCode) : null;
  return {
    patientId: values.patientId,
    drugCode,
    ...(drugCode ? {} : { drugName: values.drugName }),
    strength: values.strength,
    dose: values.dose,
    route: values.route,
    frequency: values.frequency,
    durationDays: values.durationDays ? Number(values.durationDays) : null,
    quantity: Number(values.quantity),
    refills: Number(values.refills),
    ...(values.instructions ? { instructions: values.instructions } : {}),
    ...(values.overrideReason ? { overrideReason: values.overrideReason } : {}),
  };
}

/** A new prescription: patient, drug from the list (or typed), the details, and the checks' warnings with the reason to go on. */
export function PrescriptionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('prescribing');
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: formSchema, defaultValues: EMPTY });
  const mutation = usePrescribe();
  const nameOf = usePersonName();

  const onSubmit = async (values: z.output<typeof formSchema>) => {
    setFailure(null);
    const prescription = await mutation.mutateAsync(toPrescription(values));
    toast.success(t('form.saved', { name: prescription.name, patient: nameOf(prescription.patient) }));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('form.title')} size="lg" testId="prescription-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <Fields failure={failure} />
        {failure && !(failure instanceof ApiError && failure.code === 'PRESCRIPTION_OVERRIDE_REQUIRED') ? (
          <FormAlert testId="prescription-error">{errorText(t, failure, t('form.failed'))}</FormAlert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel')}</FormButton>
          <SubmitButton pending={t('saving')} testId="prescription-submit">
            {t('form.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function Fields({ failure }: { failure: unknown }) {
  const { t } = useTranslation('prescribing');
  const catalogue = useClinicalCatalogue();
  const { setValue } = useFormContext<FormValues>();
  const [patientId, drugCode, drugName] = useWatch<FormValues, ['patientId', 'drugCode', 'drugName']>({
    name: ['patientId', 'drugCode', 'drugName'],
  });
  const entry = drugCode ? DRUG_CATALOGUE[drugCode as DrugCode] : null;

  // A drug from the list brings its usual route, frequency and first strength.
  useEffect(() => {
    if (!entry) return;
    setValue('route', entry.route);
    setValue('frequency', entry.frequency);
    setValue('strength', entry.strengths[0] ?? '');
  }, [entry, setValue]);

  const checkInput = useMemo(
    () =>
      patientId && (drugCode || drugName.trim().length >= 3)
        ? { patientId, ...(drugCode ? { drugCode: drugCode as DrugCode } : { drugName: drugName.trim() }) }
        : null,
    [patientId, drugCode, drugName],
  );
  const check = usePrescriptionCheck(checkInput);
  const warnings = check.data ?? [];
  const refused = failure instanceof ApiError && failure.code === 'PRESCRIPTION_OVERRIDE_REQUIRED';
  const drugs = useMemo(
    () => DRUG_CODES.map((code) => ({ code, label: catalogue.drugName(code) })).sort((a, b) => a.label.localeCompare(b.label)),
    [catalogue],
  );

  return (
    <>
      <PatientSelect label={t('form.patient')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput name="drugCode" label={t('form.drug')}>
          <option value="">{t('form.otherDrug')}</option>
          {drugs.map(({ code, label }) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectInput>
        {entry ? (
          <SelectInput name="strength" label={t('form.strength')}>
            {entry.strengths.map((strength) => (
              <option key={strength} value={strength}>
                {catalogue.strength(strength)} {catalogue.form(entry.form)}
              </option>
            ))}
          </SelectInput>
        ) : (
          <TextInput name="strength" label={t('form.strength')} description={t('form.strengthHint')} />
        )}
      </div>
      {!entry ? <TextInput name="drugName" label={t('form.drugName')} description={t('form.drugNameHint')} /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput name="dose" label={t('form.dose')} description={t('form.doseHint')} />
        <SelectInput name="route" label={t('form.route')}>
          {MEDICATION_ROUTES.map((route) => (
            <option key={route} value={route}>
              {t(`health:medications.routes.${route}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="frequency" label={t('form.frequency')}>
          {MEDICATION_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {catalogue.frequency(frequency)}
            </option>
          ))}
        </SelectInput>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput name="durationDays" inputMode="numeric" label={t('form.duration')} description={t('form.durationHint')} />
        <TextInput name="quantity" inputMode="numeric" label={t('form.quantity')} />
        <TextInput
          name="refills"
          inputMode="numeric"
          label={t('form.refills')}
          description={t('form.refillsHint', { max: PRESCRIPTION_BOUNDS.refills })}
        />
      </div>
      <TextareaInput name="instructions" rows={2} label={t('form.instructions')} />
      {check.isError ? <FormAlert testId="prescription-check-error">{errorText(t, check.error, t('warnings.failed'))}</FormAlert> : null}
      <PrescriptionWarnings warnings={warnings} />
      {warnings.length > 0 || refused ? (
        <TextareaInput
          name="overrideReason"
          rows={2}
          label={t('form.overrideReason')}
          description={t('form.overrideHint')}
          liveError={refused ? t('form.overrideRequired') : undefined}
        />
      ) : null}
    </>
  );
}
