import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ROLES } from '../../../../contracts/roles';
import {
  BOOKING_APPROVAL_MODES,
  clinicTimeZones,
  SYSTEM_SETTINGS_BOUNDS,
  type SettingSource,
  type SystemSettings,
} from '../../../../contracts/system-settings';
import { CheckboxInput, EmailInput, RadioGroupInput, TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type PlacedError } from '../../../components/form/use-schema-form';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSaveSystemSettings } from '../api/system-settings';
import { formFieldOf, formValuesOf, systemSettingsFormSchema, type SystemSettingsUpdate } from '../lib/form-values';
import { ClinicHoursTable } from './clinic-hours-table';

const SECTION = 'flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800';
const LEGEND = 'px-1 text-sm font-medium';

/**
 * The settings that apply to every sign-in and mail. Each field shows its bounds and the value in
 * force now (and where it comes from); an empty field leaves it to the server's configuration.
 */
export function SystemSettingsForm({
  settings,
  onSaved,
  onConflict,
}: {
  settings: SystemSettings;
  onSaved: () => void;
  /** Another admin saved first: the page says so and reads the stored values again. */
  onConflict: () => void;
}) {
  const { t } = useTranslation(['system-settings', 'validation', 'errors']);
  const save = useSaveSystemSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: systemSettingsFormSchema,
    defaultValues: formValuesOf(settings),
    serverField: formFieldOf,
  });
  // The zone in force is offered even when this browser's list lacks it.
  const [zones] = useState(() => {
    const known = clinicTimeZones();
    return known.includes(settings.clinicTimeZone.effective) ? known : [settings.clinicTimeZone.effective, ...known];
  });
  const { sessionTimeoutMinutes: timeout, passwordMinLength: password, reminderHours } = SYSTEM_SETTINGS_BOUNDS;

  const inForce = (value: string, source: SettingSource) => t('inForce', { value, source: t(`source.${source}`) });

  const onSubmit = async (body: SystemSettingsUpdate) => {
    setFailure(null);
    await save.mutateAsync(body);
    onSaved();
    toast.success(t('saved'));
  };

  const onFailure = (error: unknown, placed: readonly PlacedError[]) => {
    if (error instanceof ApiError && error.code === 'SETTINGS_VERSION_CONFLICT') {
      onConflict();
      return;
    }
    if (placed.length === 0) setFailure(errorText(t, error, t('saveFailed')));
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onFailure={onFailure}
      className="flex flex-col gap-6"
      aria-labelledby="system-settings-form-title"
    >
      <h2 id="system-settings-form-title" className="sr-only">
        {t('formTitle')}
      </h2>
      {failure ? <FormAlert>{failure}</FormAlert> : null}

      <fieldset className={SECTION}>
        <legend className={LEGEND}>{t('sections.signIn')}</legend>
        <TextInput
          name="sessionTimeoutMinutes"
          label={t('sessionTimeout.label')}
          inputMode="numeric"
          description={
            <>
              {t('sessionTimeout.hint', { min: timeout.min, max: timeout.max })}{' '}
              {inForce(t('minutes', { value: settings.sessionTimeoutMinutes.effective }), settings.sessionTimeoutMinutes.source)}
            </>
          }
        />
        <TextInput
          name="passwordMinLength"
          label={t('passwordMinLength.label')}
          inputMode="numeric"
          description={
            <>
              {t('passwordMinLength.hint', { min: password.min, max: password.max })}{' '}
              {inForce(t('characters', { value: settings.passwordMinLength.effective }), settings.passwordMinLength.source)}
            </>
          }
        />
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>{t('mfa.legend')}</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.hint')}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {ROLES.map((role) => (
            <CheckboxInput key={role} name={`mfaRequired.${role}`} label={t(`mfa.roles.${role}`)} />
          ))}
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>{t('sections.reminders')}</legend>
        <TextInput
          name="reminderHoursBefore"
          label={t('reminders.label')}
          placeholder="48, 2"
          description={
            <>
              {t('reminders.hint', { max: reminderHours.max, maxCount: reminderHours.maxCount })}{' '}
              {inForce(settings.reminderHoursBefore.effective.join(', '), settings.reminderHoursBefore.source)}
            </>
          }
        />
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>{t('sections.booking')}</legend>
        <RadioGroupInput
          name="bookingApproval"
          label={t('bookingApproval.label')}
          description={
            <>
              {t('bookingApproval.hint')}{' '}
              {inForce(t(`bookingApproval.options.${settings.bookingApproval.effective}`), settings.bookingApproval.source)}
            </>
          }
          options={BOOKING_APPROVAL_MODES.map((mode) => ({ value: mode, label: t(`bookingApproval.options.${mode}`) }))}
        />
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>{t('sections.mail')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="mailFromName"
            label={t('mailFromName.label')}
            description={inForce(settings.mailFromName.effective, settings.mailFromName.source)}
          />
          <EmailInput
            name="mailFromAddress"
            label={t('mailFromAddress.label')}
            description={inForce(settings.mailFromAddress.effective, settings.mailFromAddress.source)}
          />
        </div>
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>{t('sections.clinic')}</legend>
        <TextInput
          name="clinicTimeZone"
          label={t('clinicTimeZone.label')}
          list="clinic-time-zones"
          autoComplete="off"
          spellCheck={false}
          description={
            <>
              {t('clinicTimeZone.hint')} {inForce(settings.clinicTimeZone.effective, settings.clinicTimeZone.source)}
            </>
          }
        />
        <datalist id="clinic-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <p
          className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300"
          data-testid="clinic-zone-note"
        >
          {t('clinicTimeZone.note')}
        </p>
        <ClinicHoursTable source={t(`source.${settings.clinicHours.source}`)} />
      </fieldset>

      <div>
        <SubmitButton pending={t('saving')}>{t('save')}</SubmitButton>
      </div>
    </Form>
  );
}
