import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../contracts/languages';
import { BLOOD_TYPES, PREFERRED_LANGUAGE_CODES, PREFERRED_LANGUAGES } from '../../../contracts/registration';
import { SelectInput, TextareaInput, TextInput } from '../form/fields';
import { entryOptions, type DetailsEntry } from './details-entry';

/** Medical information and insurance; nothing here is required. Rendered into the surrounding two-column grid. */
export function MedicalFields({ entry }: { entry: DetailsEntry }) {
  const { t } = useTranslation('registration');
  const { fill, listRows } = entryOptions(entry);
  return (
    <>
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
        <TextareaInput name="allergies" label={t('fields.allergies')} description={t('hints.list')} rows={listRows} />
      </div>
      <div className="sm:col-span-2">
        <TextareaInput name="medications" label={t('fields.medications')} description={t('hints.list')} rows={listRows} />
      </div>
      <div className="sm:col-span-2">
        <TextareaInput name="medicalHistory" label={t('fields.medicalHistory')} description={t('hints.list')} rows={listRows} />
      </div>
      <TextInput name="insuranceProvider" label={t('fields.insuranceProvider')} autoComplete={fill()} />
      <TextInput name="insurancePolicyNumber" label={t('fields.insurancePolicyNumber')} autoComplete={fill()} />
    </>
  );
}
