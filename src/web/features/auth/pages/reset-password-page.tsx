import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordFormSchema } from '../../../../contracts/auth';
import { PasswordInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { usePasswordRefusal } from '../../../lib/password-check/use-password-refusal';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-api';
import { MfaStep, type SecondFactor } from '../components/mfa-step';
import { failureMessage } from '../lib/server-text';
import type { LoginLocationState } from './login-page';

// The e-mailed link carries a single-use token in the fragment
// (#token=…), which browsers never send to a server. The page takes it and removes it from the
// address bar at once, so it is not left in history, bookmarks or a shared screen.

export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token && token.length >= 20 ? token : null;
}

type Stage = 'password' | 'mfa' | 'invalid';

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash || window.location.hash));
  const [stage, setStage] = useState<Stage>(token ? 'password' : 'invalid');
  // The password form lives as long as the page, so Back from the second factor finds it filled in.
  const form = useSchemaForm({ schema: resetPasswordFormSchema, defaultValues: { newPassword: '', confirmPassword: '' } });
  const password = useRef('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  /** Sends the reset; throws what the server refused. */
  const send = async (factor?: SecondFactor) => {
    if (!token) return;
    setFailure(null);
    const answer = await resetPassword({ token, newPassword: password.current, ...factor });
    if (answer.success === false) {
      // A reset never skips the second factor.
      setStage('mfa');
      return;
    }
    const state: LoginLocationState = { passwordReset: true };
    void navigate('/login', { replace: true, state });
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'TOKEN_INVALID') {
      setStage('invalid');
      return;
    }
    // The server's word on the new password goes beside it, on the password step.
    if (error instanceof ApiError && error.fields?.newPassword) {
      form.setError('newPassword', { type: 'server', message: error.fields.newPassword });
      setStage('password');
    }
    const message = failureMessage(t, error, t('reset.failedDefault'));
    setFailure(message);
    toast.error(message);
  };

  const verify = async (factor: SecondFactor) => {
    setBusy(true);
    try {
      await send(factor);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <section
        aria-labelledby="reset-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center gap-3">
          <KeyRound className="size-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
          <h1 id="reset-title" className="text-2xl font-semibold">
            {stage === 'invalid' ? t('reset.invalidTitle') : t('reset.title')}
          </h1>
        </div>

        {stage === 'invalid' ? (
          <div className="mt-4 flex flex-col gap-4">
            <FormAlert testId="reset-invalid">{token ? t('server.tokenInvalid') : t('reset.missingToken')}</FormAlert>
            <Link to="/login?forgot=1" className={buttonClasses('primary')}>
              {t('reset.requestNew')}
            </Link>
            <Link to="/login" className={buttonClasses('ghost')}>
              {t('reset.backToLogin')}
            </Link>
          </div>
        ) : stage === 'mfa' ? (
          <div className="mt-4">
            <MfaStep
              busy={busy}
              error={failure}
              title={t('reset.mfaTitle')}
              description={t('reset.mfaDescription')}
              backLabel={t('reset.back')}
              onVerify={(factor) => void verify(factor)}
              onBack={() => {
                setStage('password');
                setFailure(null);
              }}
            />
          </div>
        ) : (
          <Form
            form={form}
            onSubmit={async ({ newPassword }) => {
              password.current = newPassword;
              await send();
            }}
            onFailure={failed}
            className="mt-4 flex flex-col gap-4"
            data-testid="reset-form"
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('reset.description')}</p>
            <NewPasswordInput label={t('reset.newPassword')} />
            <PasswordInput name="confirmPassword" label={t('reset.confirmPassword')} autoComplete="new-password" />
            {failure ? <FormAlert testId="reset-error">{failure}</FormAlert> : null}
            <SubmitButton pending={t('reset.submitting')}>{t('reset.submit')}</SubmitButton>
            <Link
              to="/login"
              className="text-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
            >
              {t('reset.backToLogin')}
            </Link>
          </Form>
        )}
      </section>
    </div>
  );
}

const NO_OWNER = {};

/** The new password with its strength meter, and the refusal a guessable one will meet. */
function NewPasswordInput({ label }: { label: string }) {
  const newPassword = (useWatch({ name: 'newPassword' }) as string | undefined) ?? '';
  // Whose account the link is for is not known here: the server also refuses a password built on their name.
  const refusal = usePasswordRefusal(newPassword, NO_OWNER);
  return (
    <PasswordInput
      name="newPassword"
      label={label}
      autoComplete="new-password"
      liveError={refusal}
      after={<PasswordStrengthMeter password={newPassword} />}
    />
  );
}
