import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/fields';
import { BirthFields, ContactFields, NameFields } from '../../../components/patient-details/personal-fields';
import { REQUIRED_MARKER } from '../../../components/patient-details/required-marker';
import { usePasswordRefusal } from '../../../lib/password-check/use-password-refusal';

/** Step 1: who the patient is, how to reach them and the password they sign in with; every field here is required. */
export function PersonalInfoStep() {
  const { t } = useTranslation('registration');
  const [password, email, firstName, lastName] = useWatch<Record<string, string>>({ name: ['password', 'email', 'firstName', 'lastName'] });
  // The server refuses a password easy to guess or built on the patient's name; said as it is typed.
  const refusal = usePasswordRefusal(password, { email, firstName, lastName });
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
        liveError={refusal}
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
