import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../contracts/languages';
import { BLOOD_TYPES, PREFERRED_LANGUAGE_CODES, PREFERRED_LANGUAGES } from '../../../../contracts/registration';
import { SelectField, TextAreaField, TextField } from './form-fields';
import type { StepFieldsProps } from './step-fields';

/** Step 3: medical information and insurance; nothing here is required. */
export function MedicalInfoStep({ field }: StepFieldsProps) {
  const { t } = useTranslation('registration');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t('fields.bloodType')}
        options={[{ value: '', label: t('placeholders.bloodType') }, ...BLOOD_TYPES.map((value) => ({ value, label: value }))]}
        {...field('bloodType')}
      />
      <SelectField
        label={t('fields.preferredLanguage')}
        // The app's languages each in its own name (as the language switcher names them); "Other" in the reader's.
        options={PREFERRED_LANGUAGES.map((value) => ({
          value,
          label: value === 'Other' ? t('languages.Other') : LANGUAGE_NAMES[PREFERRED_LANGUAGE_CODES[value]],
        }))}
        {...field('preferredLanguage')}
      />
      <TextAreaField label={t('fields.allergies')} hint={t('hints.list')} className="sm:col-span-2" {...field('allergies')} />
      <TextAreaField label={t('fields.medications')} hint={t('hints.list')} className="sm:col-span-2" {...field('medications')} />
      <TextAreaField label={t('fields.medicalHistory')} hint={t('hints.list')} className="sm:col-span-2" {...field('medicalHistory')} />
      <TextField label={t('fields.insuranceProvider')} {...field('insuranceProvider')} />
      <TextField label={t('fields.insurancePolicyNumber')} {...field('insurancePolicyNumber')} />
    </div>
  );
}
