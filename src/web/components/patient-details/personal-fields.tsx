import { useTranslation } from 'react-i18next';
import { GENDERS } from '../../../contracts/registration';
import { DateInput, SelectInput, TextInput } from '../form/fields';
import { entryOptions, type DetailsEntry } from './details-entry';

// Who the patient is and how to reach them, every field required. Three groups rather than one, as
// the two registrations ask in different orders (the wizard puts the password between them).
// Labels are the registration namespace's, which each route that shows them loads.

/** First and last name. */
export function NameFields({ entry }: { entry: DetailsEntry }) {
  const { t } = useTranslation('registration');
  const { fill, marker } = entryOptions(entry);
  return (
    <>
      <TextInput name="firstName" label={t('fields.firstName')} autoComplete={fill('given-name')} required marker={marker} />
      <TextInput name="lastName" label={t('fields.lastName')} autoComplete={fill('family-name')} required marker={marker} />
    </>
  );
}

/** E-mail address and phone number. */
export function ContactFields({ entry }: { entry: DetailsEntry }) {
  const { t } = useTranslation('registration');
  const { fill, marker } = entryOptions(entry);
  return (
    <>
      <TextInput
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete={fill('email')}
        inputMode="email"
        required
        marker={marker}
      />
      <TextInput name="phone" label={t('fields.phone')} type="tel" autoComplete={fill('tel')} required marker={marker} />
    </>
  );
}

/** Date of birth and gender. */
export function BirthFields({ entry }: { entry: DetailsEntry }) {
  const { t } = useTranslation('registration');
  const { own, marker } = entryOptions(entry);
  return (
    <>
      {/* Day, month and year in the reader's order; from 1900 to today, as the contract checks. */}
      <DateInput name="dateOfBirth" label={t('fields.dateOfBirth')} autoComplete={own ? 'bday' : undefined} required marker={marker} />
      <SelectInput name="gender" label={t('fields.gender')} required marker={marker}>
        <option value="">{t('placeholders.gender')}</option>
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {t(`genders.${value}`)}
          </option>
        ))}
      </SelectInput>
    </>
  );
}
