import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mfaEnableRequestSchema } from '../../../../contracts/auth';
import { AUTH } from '../../../../contracts/constants';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { mfaStatusQuery, useDisableMfa, useEnableMfa, useNewRecoveryCodes, useStartMfaSetup, type MfaSetup } from '../api/security';
import { secretGroups } from '../lib/secret-groups';
import { PasswordConfirmForm } from './password-confirm-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionError } from './settings-section';

// Two-step sign-in (TOTP, RFC 6238): turn on with a QR code or the
// secret typed by hand, confirm with a code, keep the recovery codes; turning off and new codes ask
// for the password. The server ends the user's other sessions on each change.

type Step =
  | { kind: 'status' }
  | { kind: 'setup'; setup: MfaSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'confirm'; action: 'disable' | 'regenerate' };

function errorText(error: unknown, fallback: string): string | undefined {
  return error instanceof ApiError && error.code === 'NETWORK' ? error.message : fallback;
}

export function TwoStepSection() {
  const { t } = useTranslation('settings');
  const { refresh } = useSession();
  const status = useQuery(mfaStatusQuery);
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const startSetup = useStartMfaSetup();
  const disable = useDisableMfa();
  const regenerate = useNewRecoveryCodes();
  const statusHeadingRef = useRef<HTMLParagraphElement>(null);
  const returning = useRef(false);

  // Back on the status view after a flow: focus its summary, so keyboard users keep their place.
  useEffect(() => {
    if (step.kind === 'status' && returning.current) statusHeadingRef.current?.focus();
    returning.current = step.kind !== 'status';
  }, [step.kind]);

  const backToStatus = () => setStep({ kind: 'status' });

  const turnOn = () =>
    startSetup.mutate(undefined, {
      onSuccess: (setup) => setStep({ kind: 'setup', setup }),
      onError: (error) => toast.error(t('mfa.setupFailed'), { description: errorText(error, t('tryAgainLater')) }),
    });

  if (step.kind === 'setup') {
    return (
      <MfaSetupForm
        setup={step.setup}
        onEnabled={(codes) => {
          setStep({ kind: 'codes', codes });
          toast.success(t('mfa.enabled'));
          void refresh();
        }}
        onCancel={backToStatus}
      />
    );
  }

  if (step.kind === 'codes') return <RecoveryCodesPanel codes={step.codes} onDone={backToStatus} />;

  if (step.kind === 'confirm') {
    const disabling = step.action === 'disable';
    return (
      <PasswordConfirmForm
        title={disabling ? t('mfa.disable.title') : t('mfa.regenerate.title')}
        description={disabling ? t('mfa.disable.description') : t('mfa.regenerate.description')}
        confirmLabel={disabling ? t('mfa.disable.confirm') : t('mfa.regenerate.confirm')}
        onCancel={backToStatus}
        submit={async (password) => {
          try {
            if (disabling) {
              await disable.mutateAsync({ password });
              toast.success(t('mfa.disabled'));
              backToStatus();
              void refresh();
            } else {
              const answer = await regenerate.mutateAsync({ password });
              toast.success(t('mfa.regenerate.done'));
              setStep({ kind: 'codes', codes: answer.recoveryCodes });
            }
          } catch (error) {
            if (!(error instanceof ApiError && error.fields?.password)) {
              toast.error(disabling ? t('mfa.disable.failed') : t('mfa.regenerate.failed'), {
                description: errorText(error, t('tryAgainLater')),
              });
            }
            throw error;
          }
        }}
      />
    );
  }

  if (status.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {t('mfa.loading')}
      </p>
    );
  }
  if (status.isError) return <SectionError message={t('mfa.fetchFailed')} retryLabel={t('retry')} onRetry={() => void status.refetch()} />;

  const { enabled, recoveryCodesRemaining } = status.data;
  const Icon = enabled ? ShieldCheck : ShieldOff;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <Icon
          className={`mt-0.5 size-6 shrink-0 ${enabled ? 'text-brand-700 dark:text-brand-500' : 'text-slate-600 dark:text-slate-400'}`}
          aria-hidden="true"
        />
        <div>
          <p ref={statusHeadingRef} tabIndex={-1} className="font-medium focus:outline-none" data-testid="mfa-status">
            {enabled ? t('mfa.statusOn') : t('mfa.statusOff')}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {enabled ? t('mfa.codesRemaining', { count: recoveryCodesRemaining }) : t('mfa.offExplanation')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        {enabled ? (
          <>
            <Button variant="secondary" onClick={() => setStep({ kind: 'confirm', action: 'regenerate' })}>
              {t('mfa.regenerate.button')}
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'confirm', action: 'disable' })}>
              {t('mfa.disable.button')}
            </Button>
          </>
        ) : (
          <Button onClick={turnOn} disabled={startSetup.isPending} aria-busy={startSetup.isPending}>
            {t('mfa.turnOn')}
          </Button>
        )}
      </div>
    </div>
  );
}

type EnableForm = { code: string };

/** Enrolment: the QR code, the secret for typing by hand, and the first code that proves it works. */
function MfaSetupForm({ setup, onEnabled, onCancel }: { setup: MfaSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const enable = useEnableMfa();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useSchemaForm({ schema: mfaEnableRequestSchema, defaultValues: { code: '' } });

  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = async ({ code }: EnableForm) => {
    const answer = await enable.mutateAsync({ code });
    onEnabled(answer.recoveryCodes);
  };

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && (error.code === 'MFA_INVALID' || error.fields?.code)) {
      form.setError('code', { type: 'server', message: t('mfa.setup.codeWrong') }, { shouldFocus: true });
    } else {
      toast.error(t('mfa.setup.failed'), { description: errorText(error, t('tryAgainLater')) });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} onFailure={onFailure} className="flex flex-col gap-4" aria-labelledby="mfa-setup-title">
      <h4 id="mfa-setup-title" ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        {t('mfa.setup.title')}
      </h4>
      <ol className="flex list-decimal flex-col gap-4 ps-5 text-sm text-slate-800 dark:text-slate-200">
        <li>
          <p>{t('mfa.setup.scan')}</p>
          {/* A white frame keeps the code readable by cameras in the dark theme too. */}
          <img
            src={setup.qrCodeDataUrl}
            alt={t('mfa.setup.qrAlt')}
            width={192}
            height={192}
            className="mt-2 size-48 rounded-md bg-white p-2"
          />
        </li>
        <li>
          <p>{t('mfa.setup.manual')}</p>
          <p
            className="mt-2 inline-flex flex-wrap gap-x-3 gap-y-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            data-testid="mfa-secret"
          >
            {secretGroups(setup.secret).map((group, index) => (
              <span key={index}>{group}</span>
            ))}
          </p>
        </li>
        <li>
          <div className="max-w-xs">
            <TextInput
              name="code"
              label={t('mfa.setup.codeLabel')}
              description={t('mfa.setup.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={AUTH.mfaCodeLength}
              pattern="[0-9]*"
            />
          </div>
        </li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <EnableButton label={t('mfa.setup.submit')} />
        <FormButton onClick={onCancel}>{t('cancel')}</FormButton>
      </div>
    </Form>
  );
}

/** Waits for a whole code before it can be pressed. */
function EnableButton({ label }: { label: string }) {
  const code = useWatch<EnableForm, 'code'>({ name: 'code' });
  return <SubmitButton disabled={code.trim().length !== AUTH.mfaCodeLength}>{label}</SubmitButton>;
}
