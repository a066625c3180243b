import { useState, type ReactNode } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { authApi, changePasswordFormSchema } from '../../../contracts/auth';
import { AUTH } from '../../../contracts/constants';
import { passwordStrength } from '../../../contracts/password-strength';
import { ApiError, replacingSession } from '../../lib/api-client';
import { callRoute } from '../../lib/api-routes';
import { useSession } from '../../lib/session/use-session';
import { errorText } from '../../lib/error-text';
import { usePasswordRefusal } from '../../lib/password-check/use-password-refusal';
import { FormAlert } from '../ui/field';
import { PasswordStrengthMeter } from '../ui/password-strength-meter';
import { PasswordInput } from './fields';
import { Form, SubmitButton } from './form';
import { useSchemaForm } from './use-schema-form';

// The one form that changes a password: in settings, and on the first sign-in of an account whose
// password was given to it (docs/product.md). The same rules everywhere: all three filled, the two
// new ones equal, the new one strong enough and not easy to guess; the button waits for them. The server ends every other
// session and signs this browser in again; the form adopts that session.

export type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function canSubmitPasswordChange({ currentPassword, newPassword, confirmPassword }: ChangePasswordValues): boolean {
  return (
    Boolean(currentPassword && newPassword && confirmPassword) &&
    newPassword === confirmPassword &&
    passwordStrength(newPassword) >= AUTH.passwordStrengthRequired
  );
}

interface ChangePasswordFormProps {
  /** The button's words where the form is shown (the first-sign-in dialog says it in title case). */
  submitLabel: string;
  submittingLabel: string;
  /** Shown beside the submit button; told whether the form is being sent. */
  actions?: (pending: boolean) => ReactNode;
  className?: string;
}

export function ChangePasswordForm({
  submitLabel,
  submittingLabel,
  actions,
  className = 'flex max-w-md flex-col gap-4',
}: ChangePasswordFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { user, signIn } = useSession();
  const form = useSchemaForm({ schema: changePasswordFormSchema, defaultValues: EMPTY });
  // The server refuses a password easy to guess; the browser says so as it is typed.
  const refusal = usePasswordRefusal(useWatch({ control: form.control, name: 'newPassword' }), user ?? {});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    setFailure(null);
    const answer = await replacingSession(() => callRoute(authApi.changePassword, { body: { currentPassword, newPassword } }));
    form.reset();
    toast.success(t('auth:changePassword.success'));
    signIn({ user: answer.user, session: answer.session });
  };

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'NETWORK') {
      const description = t('auth:changePassword.networkDescription');
      setFailure(`${t('auth:changePassword.networkTitle')} - ${description}`);
      toast.error(t('auth:changePassword.networkTitle'), { description });
      return;
    }
    const description = errorText(t, error, t('auth:changePassword.failedDefault'));
    setFailure(`${t('auth:changePassword.failedTitle')} - ${description}`);
    toast.error(t('auth:changePassword.failedTitle'), { description });
  };

  return (
    <Form form={form} onSubmit={onSubmit} onFailure={onFailure} className={className}>
      {/* Lets a password manager file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <PasswordInput name="currentPassword" label={t('auth:changePassword.currentPassword')} autoComplete="current-password" />
      <NewPasswordFields refusal={refusal} />
      {failure ? <FormAlert testId="change-password-error">{failure}</FormAlert> : null}
      <ChangePasswordActions submitLabel={submitLabel} submittingLabel={submittingLabel} actions={actions} refused={Boolean(refusal)} />
    </Form>
  );
}

/** The new password with its meter and its confirmation; weakness, a guessable password and a mismatch are said while typing. */
function NewPasswordFields({ refusal }: { refusal: string | undefined }) {
  const { t } = useTranslation('auth');
  const [newPassword, confirmPassword] = useWatch<ChangePasswordValues, ['newPassword', 'confirmPassword']>({
    name: ['newPassword', 'confirmPassword'],
  });
  const weak = newPassword && passwordStrength(newPassword) < AUTH.passwordStrengthRequired ? 'password.weak' : undefined;
  const mismatch = confirmPassword && newPassword !== confirmPassword ? 'password.newMismatch' : undefined;
  return (
    <>
      <PasswordInput
        name="newPassword"
        label={t('changePassword.newPassword')}
        autoComplete="new-password"
        liveError={weak ?? refusal}
        after={<PasswordStrengthMeter password={newPassword} />}
      />
      <PasswordInput name="confirmPassword" label={t('changePassword.confirmPassword')} autoComplete="new-password" liveError={mismatch} />
    </>
  );
}

function ChangePasswordActions({
  submitLabel,
  submittingLabel,
  actions,
  refused,
}: Pick<ChangePasswordFormProps, 'submitLabel' | 'submittingLabel' | 'actions'> & { refused: boolean }) {
  const values = useWatch<ChangePasswordValues>() as ChangePasswordValues;
  const { isSubmitting } = useFormState<ChangePasswordValues>();
  const submit = (
    <SubmitButton pending={submittingLabel} disabled={refused || !canSubmitPasswordChange(values)}>
      {submitLabel}
    </SubmitButton>
  );
  if (!actions) return <div>{submit}</div>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {actions(isSubmitting)}
      {submit}
    </div>
  );
}
