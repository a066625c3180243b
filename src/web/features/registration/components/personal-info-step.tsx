import { useTranslation } from 'react-i18next';
import { GENDERS } from '../../../../contracts/registration';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields';
import { REQUIRED_MARKER } from './required-marker';

/** Step 1: every field here is required. */
export function PersonalInfoStep() {
  const { t } = useTranslation('registration');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="firstName" label={t('fields.firstName')} autoComplete="given-name" required marker={REQUIRED_MARKER} />
      <TextInput name="lastName" label={t('fields.lastName')} autoComplete="family-name" required marker={REQUIRED_MARKER} />
      <TextInput
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        marker={REQUIRED_MARKER}
      />
      <TextInput name="phone" label={t('fields.phone')} type="tel" autoComplete="tel" required marker={REQUIRED_MARKER} />
      <TextInput
        name="password"
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        description={t('hints.password')}
        required
        marker={REQUIRED_MARKER}
      />
      <TextInput
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        marker={REQUIRED_MARKER}
      />
      {/* Day, month and year in the reader's order; from 1900 to today, as the contract checks. */}
      <DateInput name="dateOfBirth" label={t('fields.dateOfBirth')} autoComplete="bday" required marker={REQUIRED_MARKER} />
      <SelectInput name="gender" label={t('fields.gender')} required marker={REQUIRED_MARKER}>
        <option value="">{t('placeholders.gender')}</option>
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {t(`genders.${value}`)}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}
