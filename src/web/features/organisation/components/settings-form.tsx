import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  LOGO_DATA_URL_MAX_BYTES,
  organisationUpdateSchema,
  type OrganisationSettings,
  type OrganisationUpdate,
} from '../../../../contracts/organisation';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';
import { useSaveOrganisation } from '../api/organisation';
import { serverFieldErrors, validationText } from './field-errors';

type Form = z.input<typeof organisationUpdateSchema>;
type Parsed = z.output<typeof organisationUpdateSchema>;
const FIELDS = ['name', 'logoUrl', 'supportEmail', 'phone', 'address'] as const;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The organisation's name, logo and contact details, validated by the contract schema. */
export function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const { t } = useTranslation(['organisation', 'validation']);
  const save = useSaveOrganisation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, Parsed>({
    resolver: zodResolver(organisationUpdateSchema),
    defaultValues: {
      name: settings.name,
      logoUrl: settings.logoUrl ?? '',
      supportEmail: settings.supportEmail,
      phone: settings.phone ?? '',
      address: settings.address ?? '',
    },
  });
  const logo = useWatch({ control, name: 'logoUrl' });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here for a quick answer; the server checks type and size again.
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type) || file.size > LOGO_DATA_URL_MAX_BYTES) {
      setError('logoUrl', { message: 'logo.invalid' }, { shouldFocus: true });
      return;
    }
    setValue('logoUrl', await readAsDataUrl(file), { shouldDirty: true, shouldValidate: true });
  };

  const onSubmit = async (body: Parsed) => {
    setFailure(null);
    try {
      await save.mutateAsync(body as OrganisationUpdate);
      toast.success(t('settings.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error).filter(([name]) => (FIELDS as readonly string[]).includes(name));
      for (const [name, message] of fields) setError(name as (typeof FIELDS)[number], { message });
      if (fields.length === 0) setFailure(t('settings.saveFailed'));
    }
  };

  const message = (name: (typeof FIELDS)[number]) => validationText(t, errors[name]?.message);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-labelledby="organisation-settings-title">
      <h2 id="organisation-settings-title" className="text-lg font-semibold">
        {t('settings.title')}
      </h2>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.name')} autoComplete="organization" error={message('name')} {...register('name')} />
        <TextField
          label={t('settings.supportEmail')}
          type="email"
          autoComplete="email"
          error={message('supportEmail')}
          {...register('supportEmail')}
        />
        <TextField label={t('settings.phone')} type="tel" autoComplete="tel" error={message('phone')} {...register('phone')} />
        <TextField label={t('settings.address')} autoComplete="street-address" error={message('address')} {...register('address')} />
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
            <Button variant="ghost" onClick={() => setValue('logoUrl', '', { shouldDirty: true })}>
              {t('settings.removeLogo')}
            </Button>
          ) : null}
        </div>
        <TextField
          label={t('settings.logoPath')}
          hint={t('settings.logoHint')}
          error={message('logoUrl')}
          value={logo?.startsWith('data:') ? '' : (logo ?? '')}
          placeholder={logo?.startsWith('data:') ? t('settings.uploaded') : '/icons/icon-192.png'}
          onChange={(e) => setValue('logoUrl', e.target.value, { shouldDirty: true })}
        />
      </fieldset>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
