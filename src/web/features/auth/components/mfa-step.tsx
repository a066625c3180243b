import { KeyRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mfaCodeSchema, recoveryCodeSchema } from '../../../../contracts/auth';
import { AUTH } from '../../../../contracts/constants';
import { TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';

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

const codeFormSchema = z.object({ mfaCode: mfaCodeSchema });
const recoveryFormSchema = z.object({ recoveryCode: recoveryCodeSchema });

/**
 * The second-factor step of sign-in and password reset: a 6-digit code ("MFA code is required" /
 * "MFA code must be 6 digits"), Verify disabled until 6 characters are entered, Back to Login. A
 * recovery code is the alternative when the authenticator is not at hand. Each is a kit form.
 */
export function MfaStep({ busy, error, initialCode = '', onVerify, onBack, title, description, backLabel }: Props) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const heading = (
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
  );
  const footer = (
    <>
      {error ? <FormAlert testId="login-error">{error}</FormAlert> : null}
      <VerifyButton busy={busy} name={mode === 'code' ? 'mfaCode' : 'recoveryCode'} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {backLabel ?? t('mfa.backToLogin')}
        </Button>
        <Button variant="ghost" onClick={() => setMode(mode === 'code' ? 'recovery' : 'code')} disabled={busy}>
          {mode === 'code' ? t('mfa.useRecoveryCode') : t('mfa.useAuthenticator')}
        </Button>
      </div>
    </>
  );
  return mode === 'code' ? (
    <FactorForm
      key="code"
      name="mfaCode"
      schema={codeFormSchema}
      initialValue={initialCode}
      toFactor={(code) => ({ mfaCode: code })}
      onVerify={onVerify}
      heading={heading}
      input={<CodeInput />}
      footer={footer}
    />
  ) : (
    <FactorForm
      key="recovery"
      name="recoveryCode"
      schema={recoveryFormSchema}
      initialValue=""
      // The code goes as typed (trimmed); the server ignores case and dashes.
      toFactor={(_, typed) => ({ recoveryCode: typed.trim() })}
      onVerify={onVerify}
      heading={heading}
      input={<RecoveryInput />}
      footer={footer}
    />
  );
}

type FactorName = 'mfaCode' | 'recoveryCode';

interface FactorFormProps {
  name: FactorName;
  schema: z.ZodType<Partial<Record<FactorName, string>>, Partial<Record<FactorName, string>>>;
  initialValue: string;
  /** The factor to send, from the checked value and the value as typed. */
  toFactor(checked: string, typed: string): SecondFactor;
  onVerify(factor: SecondFactor): void;
  heading: ReactNode;
  input: ReactNode;
  footer: ReactNode;
}

/** One kit form of the step (a code or a recovery code): its field takes focus when it is shown. */
function FactorForm({ name, schema, initialValue, toFactor, onVerify, heading, input, footer }: FactorFormProps) {
  const form = useSchemaForm({ schema, defaultValues: { [name]: initialValue } });
  const { setFocus, getValues } = form;
  useEffect(() => setFocus(name), [setFocus, name]);
  return (
    <Form
      form={form}
      onSubmit={(values) => onVerify(toFactor(values[name] ?? '', getValues(name) ?? ''))}
      className="flex flex-col gap-4"
      data-testid="mfa-step"
      aria-labelledby="mfa-title"
    >
      {heading}
      {input}
      {footer}
    </Form>
  );
}

function CodeInput() {
  const { t } = useTranslation('auth');
  const { setError } = useFormContext();
  return (
    <TextInput
      name="mfaCode"
      label={t('mfa.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={AUTH.mfaCodeLength}
      pattern="[0-9]*"
      className="font-mono"
      // Leaving the field empty says at once that a code is needed.
      registerOptions={{
        onBlur: (event: { target: { value: string } }) => {
          if (!event.target.value) setError('mfaCode', { type: 'required', message: 'mfa.required' });
        },
      }}
    />
  );
}

function RecoveryInput() {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      name="recoveryCode"
      label={t('mfa.recoveryCode')}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={40}
    />
  );
}

/** Verify waits for a whole code (6 characters) or any recovery code, and while one is checked. */
function VerifyButton({ busy, name }: { busy: boolean; name: 'mfaCode' | 'recoveryCode' }) {
  const { t } = useTranslation('auth');
  const value = (useWatch({ name }) as string | undefined) ?? '';
  const ready = name === 'mfaCode' ? value.trim().length >= AUTH.mfaCodeLength : value.trim().length > 0;
  return <SubmitButton disabled={!ready || busy}>{busy ? t('mfa.verifying') : t('mfa.verify')}</SubmitButton>;
}
