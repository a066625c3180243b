import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { passkeyDeviceNameSchema, type BiometricCredential } from '../../../../contracts/passkeys';
import { TextInput } from '../../../components/form/fields';
import { Form, useFormPending } from '../../../components/form/form';
import { useSchemaForm, type SubmitFailure } from '../../../components/form/use-schema-form';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import {
  PASSKEYS_KEY,
  PasskeyRegistrationError,
  passkeysQuery,
  setPasskeyBrowserFlag,
  useAddPasskey,
  useRemovePasskey,
  useSetPasskeyEnabled,
} from '../api/passkeys';
import { userSettingsQuery, useUpdateUserSettings } from '../api/user-settings';
import { SectionError, SettingsGroup } from './settings-section';

// Passkeys, the login screen's biometric sign-in: the account-wide switch, this user's passkeys (turn each on or off,
// remove after confirming) and adding one with the device's own prompt. Every change also sets this
// browser's flag, which the login screen reads before anyone is signed in.

function Switch({
  checked,
  onChange,
  label,
  describedBy,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  describedBy?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      data-testid={testId}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-50 dark:focus-visible:outline-brand-200 ${
        checked ? 'bg-brand-700 dark:bg-brand-500' : 'bg-slate-400 dark:bg-slate-600'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
          checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'
        }`}
      />
    </button>
  );
}

const DANGER_BUTTON =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50';

/** The browser's errors while creating a passkey, as keys of the `biometric` namespace. */
function addFailureKey(error: unknown): string {
  if (error instanceof PasskeyRegistrationError) {
    const name = error.original instanceof Error ? error.original.name : '';
    if (name === 'NotAllowedError' || name === 'AbortError') return 'errors.cancelled';
    if (name === 'InvalidStateError') return 'settings.alreadyRegistered';
    if (name === 'NotSupportedError') return 'errors.notSupported';
    if (name === 'SecurityError') return 'errors.security';
    return 'errors.authError';
  }
  if (error instanceof ApiError && error.status === 0) return 'errors.network';
  return 'settings.addFailed';
}

export function PasskeysSection() {
  const { t, i18n } = useTranslation('biometric');
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery);
  const settings = useQuery(userSettingsQuery);
  const updateSettings = useUpdateUserSettings();
  const setEnabled = useSetPasskeyEnabled();
  const removePasskey = useRemovePasskey();
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<BiometricCredential | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const toggleHintId = useId();
  const [supported] = useState(() => browserSupportsWebAuthn());

  // The settings answer may come with or without its data wrapper.
  const settingsData = settings.data as
    { data?: { security?: { biometricEnabled?: boolean } }; security?: { biometricEnabled?: boolean } } | undefined;
  const biometricEnabled = settingsData?.data?.security?.biometricEnabled ?? settingsData?.security?.biometricEnabled;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const nameOf = (credential: BiometricCredential) => credential.deviceName ?? t('settings.unnamed');

  const toggleBiometric = (next: boolean) =>
    updateSettings.mutate(
      { security: { biometricEnabled: next } },
      {
        onSuccess: () => {
          setPasskeyBrowserFlag(next ? 'on' : 'off');
          toast.success(next ? t('settings.enabledSaved') : t('settings.disabledSaved'));
        },
        onError: () => toast.error(t('settings.updateFailed')),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    const target = removing;
    removePasskey.mutate(target.id, {
      onSuccess: () => {
        // Drop the row at once, so focus does not go back to a button that is about to disappear.
        queryClient.setQueryData<BiometricCredential[]>(PASSKEYS_KEY, (list) => list?.filter((c) => c.id !== target.id));
        setRemoving(null);
        toast.success(t('settings.removed'));
        window.setTimeout(() => addButtonRef.current?.focus(), 0);
      },
      onError: () => toast.error(t('settings.removeFailed')),
    });
  };

  return (
    <SettingsGroup title={t('settings.title')} description={t('settings.description')}>
      <div className="flex flex-col gap-5" data-testid="passkeys-section">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{t('settings.biometricToggle')}</p>
            <p id={toggleHintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {t('settings.biometricToggleHint')}
            </p>
          </div>
          {settings.isError ? (
            <SectionError
              message={t('settings.settingsLoadError')}
              retryLabel={t('settings.retry')}
              onRetry={() => void settings.refetch()}
            />
          ) : (
            <Switch
              checked={biometricEnabled === true}
              onChange={toggleBiometric}
              label={t('settings.biometricToggle')}
              describedBy={toggleHintId}
              disabled={settings.isPending || updateSettings.isPending}
              testId="biometric-enabled-switch"
            />
          )}
        </div>

        <div>
          {passkeys.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              {t('settings.loading')}
            </p>
          ) : passkeys.isError ? (
            <SectionError message={t('settings.loadError')} retryLabel={t('settings.retry')} onRetry={() => void passkeys.refetch()} />
          ) : passkeys.data.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="passkeys-empty">
              {t('settings.empty')}
            </p>
          ) : (
            <ul
              aria-label={t('settings.listLabel')}
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {passkeys.data.map((credential) => (
                <li key={credential.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="passkey-item">
                  <KeyRound className="size-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900 dark:text-slate-100">{nameOf(credential)}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {t('settings.created', { date: date.format(new Date(credential.createdAt)) })} ·{' '}
                      {credential.lastUsedAt
                        ? t('settings.lastUsed', { date: date.format(new Date(credential.lastUsedAt)) })
                        : t('settings.neverUsed')}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="text-xs text-slate-700 dark:text-slate-300" aria-hidden="true">
                      {t('settings.useForSignIn')}
                    </span>
                    <Switch
                      checked={credential.enabled}
                      onChange={(enabled) =>
                        setEnabled.mutate({ id: credential.id, enabled }, { onError: () => toast.error(t('settings.updateFailed')) })
                      }
                      label={t('settings.enabledLabel', { name: nameOf(credential) })}
                      disabled={setEnabled.isPending}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    onClick={() => setRemoving(credential)}
                    aria-label={t('settings.removeLabel', { name: nameOf(credential) })}
                    className="text-red-700 dark:text-red-400"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {t('settings.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <AddPasskeyForm
          supported={supported}
          buttonRef={addButtonRef}
          onFailure={(error) => setAddError(t(addFailureKey(error)))}
          onStart={() => setAddError(null)}
        />
        <div aria-live="polite">
          {!supported ? <p className="text-sm text-slate-700 dark:text-slate-300">{t('settings.unsupported')}</p> : null}
          {addError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="add-passkey-error">
              {addError}
            </p>
          ) : null}
        </div>
      </div>

      <Dialog
        open={removing !== null}
        title={t('settings.removeTitle')}
        description={removing ? t('settings.removeDescription', { name: nameOf(removing) }) : undefined}
        onClose={() => setRemoving(null)}
        initialFocusRef={cancelRef}
        size="sm"
        testId="remove-passkey-dialog"
      >
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={cancelRef} type="button" className={buttonClasses('secondary')} onClick={() => setRemoving(null)}>
            {t('settings.cancel')}
          </button>
          <button
            type="button"
            onClick={confirmRemove}
            disabled={removePasskey.isPending}
            className={DANGER_BUTTON}
            data-testid="confirm-remove-passkey"
          >
            {t('settings.removeConfirm')}
          </button>
        </div>
      </Dialog>
    </SettingsGroup>
  );
}

const addPasskeySchema = z.object({ deviceName: passkeyDeviceNameSchema });

/**
 * Adding a passkey: its optional name, then the device's own prompt. A kit form, so the name's
 * rules and the server's word on it are said beside it; a refused or cancelled prompt keeps the name.
 */
function AddPasskeyForm({
  supported,
  buttonRef,
  onStart,
  onFailure,
}: {
  supported: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onStart: () => void;
  onFailure: SubmitFailure;
}) {
  const { t } = useTranslation('biometric');
  const addPasskey = useAddPasskey();
  const form = useSchemaForm({ schema: addPasskeySchema, defaultValues: { deviceName: '' } });
  const onSubmit = async ({ deviceName }: { deviceName: string }) => {
    onStart();
    await addPasskey.mutateAsync(deviceName);
    form.reset();
    toast.success(t('settings.added'));
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onFailure={onFailure}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label={t('settings.add')}
    >
      <TextInput
        name="deviceName"
        label={t('settings.deviceName')}
        placeholder={t('settings.deviceNamePlaceholder')}
        maxLength={100}
        autoComplete="off"
        disabled={!supported || addPasskey.isPending}
        className="sm:flex-1"
      />
      <AddPasskeyButton supported={supported} buttonRef={buttonRef} />
    </Form>
  );
}

function AddPasskeyButton({ supported, buttonRef }: { supported: boolean; buttonRef: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('biometric');
  const pending = useFormPending();
  return (
    <button
      ref={buttonRef}
      type="submit"
      disabled={!supported || pending}
      aria-busy={pending}
      className={buttonClasses('primary')}
      data-testid="add-passkey"
    >
      {pending ? (
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <Plus className="size-4" aria-hidden="true" />
      )}
      {pending ? t('settings.adding') : t('settings.add')}
    </button>
  );
}
