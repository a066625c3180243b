import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { get, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GENDERS } from '../../../../contracts/registration';
import type { SessionUser } from '../../../../contracts/user';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useUpdateProfile } from '../api/profile';
import { fieldMessage } from '../lib/field-message';
import { countryOptions } from '../lib/country-options';
import {
  formFieldOf,
  PROFILE_BLOOD_TYPES,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
  type ProfileUpdate,
} from '../lib/profile-form';
import { TextField } from '../../../components/ui/field';
import { ControlField } from './field';
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

function isFormField(path: string): path is Path<ProfileFormValues> {
  return (FORM_FIELDS as readonly string[]).includes(path);
}

/** A field's first message; a list's items report theirs at `list.N`, shown once for the whole list. */
function firstMessage(errors: FieldErrors<ProfileFormValues>, name: Path<ProfileFormValues>): string | undefined {
  const error = get(errors, name) as { message?: string } | { message?: string }[] | undefined;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return error?.message;
}

/**
 * Spec §2 Settings "profile": personal information and country/region, and for patients the
 * emergency contact, medical information and insurance (spec §3).
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
  const { t, i18n } = useTranslation(['settings', 'validation']);
  const { refresh } = useSession();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const isPatient = user.role === 'patient';
  const resolver = useMemo(() => zodResolver(profileFormSchema(isPatient)), [isPatient]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver,
    defaultValues: profileFormValues(user),
    // Spec §5 (registration, the app's form rule): editing a field clears its error; rules run on submit.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const update = useUpdateProfile(user.id);

  const field = (name: Path<ProfileFormValues>) => register(name, { onChange: () => clearErrors(name) });
  const message = (name: Path<ProfileFormValues>) => fieldMessage(t, firstMessage(errors, name));

  const onSubmit = async (payload: ProfileUpdate) => {
    try {
      const answer = await update.mutateAsync(payload);
      // The saved values become the form's new starting point; the header and portal read the session user.
      reset(profileFormValues(answer.user));
      // Spec §8: the country and insurance provider have their own confirmations, told with the profile's.
      const also = [
        answer.user.country !== user.country ? t('profile.countryUpdated') : null,
        answer.user.insuranceProvider !== user.insuranceProvider ? t('profile.insuranceProviderUpdated') : null,
      ].filter((text): text is string => text !== null);
      toast.success(t('profile.updated'), also.length ? { description: also.join(' ') } : undefined);
      await refresh();
    } catch (error) {
      // Nothing typed is lost: the form keeps its values; the server's field errors go next to their inputs.
      const fields =
        error instanceof ApiError
          ? Object.entries(error.fields ?? {})
              .map(([path, text]) => [formFieldOf(path), text] as const)
              .filter(([path]) => isFormField(path))
          : [];
      fields.forEach(([path, text], index) =>
        setError(path as Path<ProfileFormValues>, { type: 'server', message: text }, { shouldFocus: index === 0 }),
      );
      toast.error(t('profile.updateFailed'), {
        description:
          error instanceof ApiError && error.code === 'NETWORK' ? error.message : fields.length ? t('profile.checkFields') : undefined,
      });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('profile.signedInAs', { email: user.email })}</p>
      <SettingsGroup title={t('profile.personal.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('profile.personal.firstName')}
            error={message('firstName')}
            {...field('firstName')}
            autoComplete="given-name"
          />
          <TextField label={t('profile.personal.lastName')} error={message('lastName')} {...field('lastName')} autoComplete="family-name" />
          <TextField label={t('profile.personal.phone')} error={message('phone')} {...field('phone')} type="tel" autoComplete="tel" />
          <TextField
            label={t('profile.personal.dateOfBirth')}
            error={message('dateOfBirth')}
            {...field('dateOfBirth')}
            type="date"
            autoComplete="bday"
            max={new Date().toISOString().slice(0, 10)}
          />
          <ControlField label={t('profile.personal.gender')} error={message('gender')}>
            {(control) => (
              <select {...control} {...field('gender')}>
                <option value="">{t('profile.personal.genderUnspecified')}</option>
                {GENDERS.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(`profile.personal.genders.${gender}`)}
                  </option>
                ))}
              </select>
            )}
          </ControlField>
          <div className="sm:col-span-2">
            <ControlField label={t('profile.personal.address')} error={message('address')}>
              {(control) => <textarea {...control} {...field('address')} rows={2} autoComplete="street-address" />}
            </ControlField>
          </div>
          <ControlField label={t('profile.personal.country')} error={message('country')}>
            {(control) => (
              <select {...control} {...field('country')} autoComplete="country">
                <option value="">{t('profile.personal.countryUnspecified')}</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            )}
          </ControlField>
        </div>
      </SettingsGroup>

      {isPatient ? (
        <SettingsGroup title={t('profile.emergency.title')} description={t('profile.emergency.description')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('profile.emergency.name')}
              error={message('emergencyContact.name')}
              {...field('emergencyContact.name')}
              autoComplete="off"
            />
            <TextField
              label={t('profile.emergency.phone')}
              error={message('emergencyContact.phone')}
              {...field('emergencyContact.phone')}
              type="tel"
              autoComplete="off"
            />
            <TextField
              label={t('profile.emergency.relationship')}
              error={message('emergencyContact.relationship')}
              {...field('emergencyContact.relationship')}
              autoComplete="off"
            />
          </div>
        </SettingsGroup>
      ) : null}

      {isPatient ? (
        <SettingsGroup title={t('profile.medical.title')} description={t('profile.medical.description')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <ControlField label={t('profile.medical.bloodType')} error={message('bloodType')}>
              {(control) => (
                <select {...control} {...field('bloodType')}>
                  {PROFILE_BLOOD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type === 'Unknown' ? t('profile.medical.bloodTypeUnknown') : type}
                    </option>
                  ))}
                </select>
              )}
            </ControlField>
            {(['allergies', 'medications', 'medicalHistory'] as const).map((name) => (
              <div key={name} className="sm:col-span-2">
                <ControlField label={t(`profile.medical.${name}`)} error={message(name)} hint={t('profile.medical.listHint')}>
                  {(control) => <textarea {...control} {...field(name)} rows={2} autoComplete="off" />}
                </ControlField>
              </div>
            ))}
          </div>
        </SettingsGroup>
      ) : null}

      {isPatient ? (
        <SettingsGroup title={t('profile.insurance.title')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('profile.insurance.provider')}
              error={message('insuranceProvider')}
              {...field('insuranceProvider')}
              autoComplete="off"
            />
            <TextField
              label={t('profile.insurance.policyNumber')}
              error={message('insurancePolicyNumber')}
              {...field('insurancePolicyNumber')}
              autoComplete="off"
            />
          </div>
        </SettingsGroup>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('profile.saving') : t('profile.save')}
        </Button>
        <Button variant="secondary" disabled={isSubmitting || !isDirty} onClick={() => reset()}>
          {t('profile.discard')}
        </Button>
      </div>
    </form>
  );
}
