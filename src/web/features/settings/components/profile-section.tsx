import { useMemo } from 'react';
import { useFormState, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GENDERS } from '../../../../contracts/registration';
import type { SessionUser } from '../../../../contracts/user';
import { DateInput, SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type SubmitFailure } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useUpdateProfile } from '../api/profile';
import { countryOptions } from '../lib/country-options';
import {
  formFieldOf,
  PROFILE_BLOOD_TYPES,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
  type ProfileUpdate,
} from '../lib/profile-form';
import { SettingsGroup } from './settings-section';

const FORM_FIELDS: readonly Path<ProfileFormValues>[] = [
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'gender',
  'address',
  'country',
  'emergencyContact.name',
  'emergencyContact.phone',
  'emergencyContact.relationship',
  'bloodType',
  'allergies',
  'medications',
  'medicalHistory',
  'insuranceProvider',
  'insurancePolicyNumber',
];

/** A server error's field on this form: a list's items report theirs at `list.N`, shown once for the list. */
function serverField(path: string): string | undefined {
  const field = formFieldOf(path);
  return (FORM_FIELDS as readonly string[]).includes(field) ? field : undefined;
}

/**
 * The profile settings: personal information and country/region, and for patients the
 * emergency contact, medical information and insurance.
 */
export function ProfileSection() {
  const { user } = useSession();
  const { t } = useTranslation('settings');
  if (!user) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {t('profile.loading')}
      </p>
    );
  }
  // A different account (sign-in as someone else in another tab) starts a fresh form.
  return <ProfileForm key={user.id} user={user} />;
}

export function ProfileForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('settings');
  const { refresh } = useSession();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const isPatient = user.role === 'patient';
  const schema = useMemo(() => profileFormSchema(isPatient), [isPatient]);
  const form = useSchemaForm<ProfileFormValues, ProfileUpdate>({
    schema,
    defaultValues: profileFormValues(user),
    // Kept in this tab's memory only, and per account (docs/decisions/018-one-form-kit.md).
    backup: { id: `profile:${user.id}` },
    serverField,
  });
  const { reset } = form;
  const update = useUpdateProfile(user.id);

  const onSubmit = async (payload: ProfileUpdate) => {
    const answer = await update.mutateAsync(payload);
    // The saved values become the form's new starting point; the header and portal read the session user.
    reset(profileFormValues(answer.user));
    // The country and insurance provider have their own confirmations, told with the profile's.
    const also = [
      answer.user.country !== user.country ? t('profile.countryUpdated') : null,
      answer.user.insuranceProvider !== user.insuranceProvider ? t('profile.insuranceProviderUpdated') : null,
    ].filter((text): text is string => text !== null);
    toast.success(t('profile.updated'), also.length ? { description: also.join(' ') } : undefined);
    await refresh();
  };

  // Nothing typed is lost: the form keeps its values; the server's field errors are beside their inputs.
  const onFailure: SubmitFailure = (error, placed) => {
    toast.error(t('profile.updateFailed'), {
      description:
        error instanceof ApiError && error.code === 'NETWORK' ? error.message : placed.length ? t('profile.checkFields') : undefined,
    });
  };

  return (
    <Form form={form} onSubmit={onSubmit} onFailure={onFailure} className="flex flex-col gap-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('profile.signedInAs', { email: user.email })}</p>
      <SettingsGroup title={t('profile.personal.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="firstName" label={t('profile.personal.firstName')} autoComplete="given-name" />
          <TextInput name="lastName" label={t('profile.personal.lastName')} autoComplete="family-name" />
          <TextInput name="phone" label={t('profile.personal.phone')} type="tel" autoComplete="tel" />
          {/* Not in the future, not before 1900: the profile schema says so in the reader's language. */}
          <DateInput name="dateOfBirth" label={t('profile.personal.dateOfBirth')} autoComplete="bday" />
          <SelectInput name="gender" label={t('profile.personal.gender')}>
            <option value="">{t('profile.personal.genderUnspecified')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`profile.personal.genders.${gender}`)}
              </option>
            ))}
          </SelectInput>
          <div className="sm:col-span-2">
            <TextareaInput name="address" label={t('profile.personal.address')} rows={2} autoComplete="street-address" />
          </div>
          <SelectInput name="country" label={t('profile.personal.country')} autoComplete="country">
            <option value="">{t('profile.personal.countryUnspecified')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectInput>
        </div>
      </SettingsGroup>

      {isPatient ? (
        <SettingsGroup title={t('profile.emergency.title')} description={t('profile.emergency.description')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name="emergencyContact.name" label={t('profile.emergency.name')} autoComplete="off" />
            <TextInput name="emergencyContact.phone" label={t('profile.emergency.phone')} type="tel" autoComplete="off" />
            <TextInput name="emergencyContact.relationship" label={t('profile.emergency.relationship')} autoComplete="off" />
          </div>
        </SettingsGroup>
      ) : null}

      {isPatient ? (
        <SettingsGroup title={t('profile.medical.title')} description={t('profile.medical.description')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput name="bloodType" label={t('profile.medical.bloodType')}>
              {PROFILE_BLOOD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type === 'Unknown' ? t('profile.medical.bloodTypeUnknown') : type}
                </option>
              ))}
            </SelectInput>
            {(['allergies', 'medications', 'medicalHistory'] as const).map((name) => (
              <div key={name} className="sm:col-span-2">
                <TextareaInput
                  name={name}
                  label={t(`profile.medical.${name}`)}
                  description={t('profile.medical.listHint')}
                  rows={2}
                  autoComplete="off"
                />
              </div>
            ))}
          </div>
        </SettingsGroup>
      ) : null}

      {isPatient ? (
        <SettingsGroup title={t('profile.insurance.title')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput name="insuranceProvider" label={t('profile.insurance.provider')} autoComplete="off" />
            <TextInput name="insurancePolicyNumber" label={t('profile.insurance.policyNumber')} autoComplete="off" />
          </div>
        </SettingsGroup>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={t('profile.saving')}>{t('profile.save')}</SubmitButton>
        <DiscardButton label={t('profile.discard')} onDiscard={form.discardRestored} />
      </div>
    </Form>
  );
}

/** Back to the saved profile; only once something was changed. */
function DiscardButton({ label, onDiscard }: { label: string; onDiscard: () => void }) {
  const { isDirty } = useFormState<ProfileFormValues>();
  return (
    <FormButton onClick={onDiscard} disabled={!isDirty}>
      {label}
    </FormButton>
  );
}
