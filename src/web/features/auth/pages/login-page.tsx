import { useQueryClient } from '@tanstack/react-query';
import { LogIn, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { loginRequestSchema, type SessionInfo } from '../../../../contracts/auth';
import type { DemoAccount } from '../../../../contracts/demo';
import type { SessionUser } from '../../../../contracts/user';
import { EmailInput, PasswordInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { FormAlert } from '../../../components/ui/field';
import { portalPath, safeNextPath } from '../../../lib/session/role-navigation';
import { useSession } from '../../../lib/session/use-session';
import { usePublicConfig } from '../../../lib/use-public-config';
import { demoAccountsQuery, login } from '../api/auth-api';
import { BiometricButton } from '../components/biometric-button';
import { DemoAccounts } from '../components/demo-accounts';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { MfaStep, type SecondFactor } from '../components/mfa-step';
import { failureMessage } from '../lib/server-text';

// The login screen: credentials, the second factor, passkeys, demo accounts and the way to register.

const credentialsSchema = loginRequestSchema.pick({ email: true, password: true });
type Credentials = { email: string; password: string };

/** What other pages may hand to the login page through the router's state. */
export interface LoginLocationState {
  /** Set by the registration wizard on success, so the login screen can welcome the new patient. */
  registeredFirstName?: string;
  /** Set by the reset-password page on success. */
  passwordReset?: boolean;
}

class LoginFailure extends Error {}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const config = usePublicConfig();

  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials');
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(searchParams.get('forgot') === '1');
  const [selectedDemo, setSelectedDemo] = useState<DemoAccount | null>(null);
  const [mfaPrefill, setMfaPrefill] = useState('');
  const [arrival] = useState(() => (location.state ?? {}) as LoginLocationState);
  const announced = useRef(false);

  const form = useSchemaForm({ schema: credentialsSchema, defaultValues: { email: '', password: '' } });

  // Messages handed over by registration and password reset: once, then gone from history so a
  // reload does not repeat them.
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (arrival.registeredFirstName) {
      toast.success(t('login.registered', { name: arrival.registeredFirstName }), { duration: 5000 });
    } else if (arrival.passwordReset) {
      toast.success(t('server.passwordReset'));
    }
    if (arrival.registeredFirstName || arrival.passwordReset) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [arrival, location.pathname, location.search, navigate, t]);

  if (session.status === 'authenticated') {
    if (!session.user) return <DelayedLoading />;
    return <Navigate to={next ?? portalPath(session.user.role)} replace />;
  }
  if (session.status === 'loading') return <DelayedLoading />;

  const succeed = (result: { user: SessionUser; session: SessionInfo }) => {
    toast.success(t('login.welcomeBack', { firstName: result.user.firstName }));
    // The session turns authenticated and this page sends the user on.
    session.signIn(result);
  };

  const attempt = async (values: Credentials, factor?: SecondFactor) => {
    setBusy(true);
    setError(null);
    try {
      const result = await login({ ...values, ...factor });
      if (result && result.success === false && 'mfaRequired' in result && result.mfaRequired) {
        // The demo MFA account's code is filled in on the MFA step.
        if (selectedDemo?.mfa && selectedDemo.email.toLowerCase() === values.email.trim().toLowerCase()) {
          const latest = queryClient.getQueryData(demoAccountsQuery.queryKey)?.find((a) => a.email === selectedDemo.email);
          setMfaPrefill(latest?.mfaCode ?? selectedDemo.mfaCode ?? '');
        } else {
          setMfaPrefill('');
        }
        setStep('mfa');
        return;
      }
      // Only an answer with success true and a user signs in; anything else reads "Login failed".
      if (!result || result.success !== true) throw new LoginFailure(t('login.failed'));
      if (!result.user) throw new LoginFailure(t('login.noUserData'));
      succeed(result);
    } catch (caught) {
      const message = caught instanceof LoginFailure ? caught.message : failureMessage(t, caught, t('login.failedDefault'));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const submitCredentials = async (values: Credentials) => {
    setCredentials(values);
    await attempt(values);
  };

  const selectDemo = (account: DemoAccount) => {
    form.setValue('email', account.email, { shouldValidate: form.formState.isSubmitted });
    form.setValue('password', account.password, { shouldValidate: form.formState.isSubmitted });
    form.clearErrors();
    setError(null);
    setSelectedDemo(account);
    toast.info(t('demo.selected', { email: account.email }), { duration: 3000 });
  };

  const notice = arrival.registeredFirstName
    ? t('login.registered', { name: arrival.registeredFirstName })
    : arrival.passwordReset
      ? t('server.passwordReset')
      : null;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10 lg:flex-row lg:items-start">
      <section
        aria-labelledby="login-title"
        className="w-full max-w-md self-center rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:self-start dark:border-slate-800 dark:bg-slate-900"
      >
        <h1 id="login-title" className="text-2xl font-semibold">
          {t('login.title')}
        </h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('login.subtitle')}</p>

        {notice ? (
          <div className="mt-4">
            <FormAlert tone="success" testId="login-notice">
              {notice}
            </FormAlert>
          </div>
        ) : null}

        <div className="mt-6">
          {step === 'credentials' ? (
            <div className="flex flex-col gap-4">
              <Form form={form} onSubmit={submitCredentials} className="flex flex-col gap-4" data-testid="login-form">
                <EmailInput name="email" label={t('login.email')} autoComplete="username" />
                <PasswordInput name="password" label={t('login.password')} autoComplete="current-password" />
                <div className="-mt-2 flex justify-end">
                  <button
                    type="button"
                    onClick={() => setForgotOpen(true)}
                    className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                  >
                    {t('login.forgotPassword')}
                  </button>
                </div>
                {error ? <FormAlert testId="login-error">{error}</FormAlert> : null}
                <SubmitButton
                  disabled={busy}
                  pending={
                    <>
                      <LogIn className="size-4" aria-hidden="true" />
                      {t('login.submitting')}
                    </>
                  }
                >
                  <LogIn className="size-4" aria-hidden="true" />
                  {t('login.submit')}
                </SubmitButton>
              </Form>
              <div className="flex items-center gap-3 text-xs text-slate-600 uppercase dark:text-slate-400" aria-hidden="true">
                <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
                {t('login.or')}
                <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
              </div>
              {/* Biometric sign-in (passkeys); the button waits 1 s before handing over, so the welcome can be read. */}
              <BiometricButton onSignedIn={succeed} />
            </div>
          ) : (
            <MfaStep
              busy={busy}
              error={error}
              initialCode={mfaPrefill}
              onVerify={(factor) => credentials && void attempt(credentials, factor)}
              onBack={() => {
                setStep('credentials');
                setError(null);
              }}
            />
          )}
        </div>

        <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
          <p className="mb-2 text-center text-sm text-slate-700 dark:text-slate-300">{t('login.newPatient')}</p>
          <Button variant="secondary" className="w-full" onClick={() => void navigate('/register')}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('login.register')}
          </Button>
        </div>
      </section>

      {config.data?.demoMode && step === 'credentials' ? (
        <div className="w-full max-w-md self-center lg:self-start">
          <DemoAccounts onSelect={selectDemo} selectedEmail={selectedDemo?.email ?? null} />
        </div>
      ) : null}

      {forgotOpen ? (
        <ForgotPasswordDialog
          open
          initialEmail={form.getValues('email')}
          onClose={() => {
            setForgotOpen(false);
            if (searchParams.has('forgot')) {
              const params = new URLSearchParams(searchParams);
              params.delete('forgot');
              void navigate({ pathname: location.pathname, search: params.size ? `?${params}` : '' }, { replace: true });
            }
          }}
        />
      ) : null}
    </div>
  );
}
