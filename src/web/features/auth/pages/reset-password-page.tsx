import { KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { newPasswordSchema } from '../../../../contracts/auth';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-api';
import { MfaStep, type SecondFactor } from '../components/mfa-step';
import { failureMessage, serverFieldErrors } from '../lib/server-text';
import type { LoginLocationState } from './login-page';

// Issue 3 item 2 and DESIGN.md §5: the e-mailed link carries a single-use token in the fragment
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const submit = async (factor?: SecondFactor) => {
    if (!token) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await resetPassword({ token, newPassword: password, ...factor });
      if (answer.success === false) {
        // A reset never skips the second factor.
        setStage('mfa');
        return;
      }
      const state: LoginLocationState = { passwordReset: true };
      void navigate('/login', { replace: true, state });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TOKEN_INVALID') {
        setStage('invalid');
        return;
      }
      const fields = serverFieldErrors(t, error);
      if (fields.newPassword) {
        setErrors({ newPassword: fields.newPassword });
        setStage('password');
      }
      const message = failureMessage(t, error, t('reset.failedDefault'));
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) next.newPassword = t(`validation:${parsed.error.issues[0]?.message ?? 'password.weak'}`);
    if (!confirm) next.confirmPassword = t('validation:password.required');
    else if (confirm !== password) next.confirmPassword = t('validation:password.mismatch');
    setErrors(next);
    if (Object.keys(next).length === 0) void submit();
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
              onVerify={(factor) => void submit(factor)}
              onBack={() => {
                setStage('password');
                setFailure(null);
              }}
            />
          </div>
        ) : (
          <form onSubmit={submitPassword} noValidate className="mt-4 flex flex-col gap-4" data-testid="reset-form">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('reset.description')}</p>
            <PasswordField
              name="newPassword"
              label={t('reset.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((e) => ({ ...e, newPassword: undefined }));
              }}
              error={errors.newPassword}
              after={<PasswordStrengthMeter password={password} />}
            />
            <PasswordField
              name="confirmPassword"
              label={t('reset.confirmPassword')}
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => {
                setConfirm(event.target.value);
                setErrors((e) => ({ ...e, confirmPassword: undefined }));
              }}
              error={errors.confirmPassword}
            />
            {failure ? <FormAlert testId="reset-error">{failure}</FormAlert> : null}
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? t('reset.submitting') : t('reset.submit')}
            </Button>
            <Link
              to="/login"
              className="text-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
            >
              {t('reset.backToLogin')}
            </Link>
          </form>
        )}
      </section>
    </div>
  );
}
