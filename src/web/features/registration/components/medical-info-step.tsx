import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../contracts/languages';
import { BLOOD_TYPES, PREFERRED_LANGUAGE_CODES, PREFERRED_LANGUAGES } from '../../../../contracts/registration';
import { SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';

/** Step 3: medical information and insurance; nothing here is required. */
export function MedicalInfoStep() {
  const { t } = useTranslation('registration');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectInput name="bloodType" label={t('fields.bloodType')}>
        <option value="">{t('placeholders.bloodType')}</option>
        {BLOOD_TYPES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectInput>
      <SelectInput name="preferredLanguage" label={t('fields.preferredLanguage')}>
        {/* The app's languages each in its own name (as the language switcher names them); "Other" in the reader's. */}
        {PREFERRED_LANGUAGES.map((value) => (
          <option key={value} value={value}>
            {value === 'Other' ? t('languages.Other') : LANGUAGE_NAMES[PREFERRED_LANGUAGE_CODES[value]]}
          </option>
        ))}
      </SelectInput>
      <div className="sm:col-span-2">
        <TextareaInput name="allergies" label={t('fields.allergies')} description={t('hints.list')} rows={3} />
      </div>
      <div className="sm:col-span-2">
        <TextareaInput name="medications" label={t('fields.medications')} description={t('hints.list')} rows={3} />
      </div>
      <div className="sm:col-span-2">
        <TextareaInput name="medicalHistory" label={t('fields.medicalHistory')} description={t('hints.list')} rows={3} />
      </div>
      <TextInput name="insuranceProvider" label={t('fields.insuranceProvider')} />
      <TextInput name="insurancePolicyNumber" label={t('fields.insurancePolicyNumber')} />
    </div>
  );
}
