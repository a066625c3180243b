import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mfaCodeSchema, recoveryCodeSchema } from '../../../../contracts/auth';
import { AUTH } from '../../../../contracts/constants';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/field';

export type SecondFactor = { mfaCode: string } | { recoveryCode: string };

interface Props {
  busy: boolean;
  /** A failure of the last attempt, already translated. */
  error: string | null;
  /** Prefilled code (the demo MFA account's current code). */
  initialCode?: string;
  onVerify(factor: SecondFactor): void;
  onBack(): void;
  /** The heading's level and wording differ between sign-in and password reset. */
  title?: string;
  description?: string;
  backLabel?: string;
}

/**
 * Spec §2/§5 MFA step: a 6-digit code, "MFA code is required" / "MFA code must be 6 digits", Verify
 * disabled until 6 characters are entered, Back to Login. A recovery code is the alternative when
 * the authenticator is not at hand.
 */
export function MfaStep({ busy, error, initialCode = '', onVerify, onBack, title, description, backLabel }: Props) {
  const { t } = useTranslation(['auth', 'validation']);
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState(initialCode);
  const [recovery, setRecovery] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const validate = (): SecondFactor | null => {
    if (mode === 'code') {
      const parsed = mfaCodeSchema.safeParse(code);
      if (!parsed.success) {
        setFieldError(t(`validation:${parsed.error.issues[0]?.message ?? 'mfa.invalidFormat'}`));
        return null;
      }
      return { mfaCode: parsed.data };
    }
    const parsed = recoveryCodeSchema.safeParse(recovery);
    if (!parsed.success) {
      setFieldError(t(`validation:${parsed.error.issues[0]?.message ?? 'recoveryCode.invalid'}`));
      return null;
    }
    return { recoveryCode: recovery.trim() };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const factor = validate();
    if (factor) {
      setFieldError(null);
      onVerify(factor);
    }
  };

  const ready = mode === 'code' ? code.length >= AUTH.mfaCodeLength : recovery.trim().length > 0;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="mfa-step" aria-labelledby="mfa-title">
      <div className="flex items-start gap-3">
        <KeyRound className="mt-1 size-6 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
        <div>
          <h2 id="mfa-title" className="text-lg font-semibold">
            {title ?? t('mfa.title')}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {mode === 'code' ? (description ?? t('mfa.description')) : t('mfa.recoveryDescription')}
          </p>
        </div>
      </div>
      {mode === 'code' ? (
        <TextField
          ref={input}
          key="code"
          name="mfaCode"
          label={t('mfa.code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.trim().slice(0, AUTH.mfaCodeLength));
            setFieldError(null);
          }}
          onBlur={() => {
            if (!code) setFieldError(t('validation:mfa.required'));
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={AUTH.mfaCodeLength}
          pattern="[0-9]*"
          error={fieldError ?? undefined}
          className="font-mono"
        />
      ) : (
        <TextField
          ref={input}
          key="recovery"
          name="recoveryCode"
          label={t('mfa.recoveryCode')}
          value={recovery}
          onChange={(event) => {
            setRecovery(event.target.value);
            setFieldError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          error={fieldError ?? undefined}
        />
      )}
      {error ? <FormAlert testId="login-error">{error}</FormAlert> : null}
      <Button type="submit" disabled={!ready || busy} aria-busy={busy}>
        {busy ? t('mfa.verifying') : t('mfa.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {backLabel ?? t('mfa.backToLogin')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setMode(mode === 'code' ? 'recovery' : 'code');
            setFieldError(null);
          }}
          disabled={busy}
        >
          {mode === 'code' ? t('mfa.useRecoveryCode') : t('mfa.useAuthenticator')}
        </Button>
      </div>
    </form>
  );
}
