import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/fields';
import { BirthFields, ContactFields, NameFields } from '../../../components/patient-details/personal-fields';
import { REQUIRED_MARKER } from '../../../components/patient-details/required-marker';

/** Step 1: who the patient is, how to reach them and the password they sign in with; every field here is required. */
export function PersonalInfoStep() {
  const { t } = useTranslation('registration');
  return (
    <>
      <NameFields entry="own" />
      <ContactFields entry="own" />
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
      <BirthFields entry="own" />
    </>
  );
}
