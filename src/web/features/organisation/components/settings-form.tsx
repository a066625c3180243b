import { useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  LOGO_DATA_URL_MAX_BYTES,
  organisationUpdateSchema,
  type OrganisationSettings,
  type OrganisationUpdate,
} from '../../../../contracts/organisation';
import { EmailInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type PlacedError } from '../../../components/form/use-schema-form';
import { FormAlert, TextField } from '../../../components/ui/field';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { useSaveOrganisation } from '../api/organisation';

type Parsed = z.output<typeof organisationUpdateSchema>;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The organisation's name, logo and contact details: a kit form on the contract's schema. */
export function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const { t } = useTranslation(['organisation', 'validation']);
  const save = useSaveOrganisation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: organisationUpdateSchema,
    defaultValues: {
      name: settings.name,
      logoUrl: settings.logoUrl ?? '',
      supportEmail: settings.supportEmail,
      phone: settings.phone ?? '',
      address: settings.address ?? '',
    },
    // What was typed comes back if saving fails and the page is opened again; an uploaded logo is not kept.
    backup: { id: 'organisation-settings', omit: ['logoUrl'] },
  });
  const { setValue, setError } = form;
  const logo = useWatch({ control: form.control, name: 'logoUrl' });
  const logoError = fieldErrorText(t, form.formState.errors.logoUrl?.message);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here for a quick answer; the server checks type and size again.
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type) || file.size > LOGO_DATA_URL_MAX_BYTES) {
      setError('logoUrl', { message: 'logo.invalid' }, { shouldFocus: true });
      return;
    }
    form.clearErrors('logoUrl');
    setValue('logoUrl', await readAsDataUrl(file), { shouldDirty: true });
  };

  const onSubmit = async (body: Parsed) => {
    setFailure(null);
    await save.mutateAsync(body as OrganisationUpdate);
    toast.success(t('settings.saved'));
  };

  // The fields the server named carry its words; anything else is said once above the form.
  const onFailure = (_error: unknown, placed: readonly PlacedError[]) => {
    if (placed.length === 0) setFailure(t('settings.saveFailed'));
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onFailure={onFailure}
      className="flex flex-col gap-4"
      aria-labelledby="organisation-settings-title"
    >
      <h2 id="organisation-settings-title" className="text-lg font-semibold">
        {t('settings.title')}
      </h2>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="name" label={t('settings.name')} autoComplete="organization" />
        <EmailInput name="supportEmail" label={t('settings.supportEmail')} />
        <TextInput name="phone" label={t('settings.phone')} type="tel" autoComplete="tel" />
        <TextInput name="address" label={t('settings.address')} autoComplete="street-address" />
      </div>
      <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium">{t('settings.logo')}</legend>
        <div className="flex flex-wrap items-center gap-4">
          {logo ? (
            <img
              src={logo}
              alt={t('settings.logoPreview')}
              className="size-16 rounded-lg border border-slate-200 object-contain dark:border-slate-700"
            />
          ) : (
            <span className="text-sm text-slate-600 dark:text-slate-400">{t('settings.noLogo')}</span>
          )}
          <label className="cursor-pointer text-sm font-medium text-brand-800 underline dark:text-brand-200">
            {t('settings.upload')}
            <input type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" onChange={(e) => void onFile(e)} />
          </label>
          {logo ? (
            <FormButton variant="ghost" onClick={() => setValue('logoUrl', '', { shouldDirty: true })}>
              {t('settings.removeLogo')}
            </FormButton>
          ) : null}
        </div>
        {/* The path field shows a path; an uploaded image is the value but is not shown as text. */}
        <TextField
          name="logoUrl"
          label={t('settings.logoPath')}
          hint={t('settings.logoHint')}
          error={logoError}
          value={logo?.startsWith('data:') ? '' : (logo ?? '')}
          placeholder={logo?.startsWith('data:') ? t('settings.uploaded') : '/icons/icon-192.png'}
          onChange={(e) => {
            form.clearErrors('logoUrl');
            setValue('logoUrl', e.target.value, { shouldDirty: true });
          }}
        />
      </fieldset>
      <div>
        <SubmitButton pending={t('settings.saving')}>{t('settings.save')}</SubmitButton>
      </div>
    </Form>
  );
}
