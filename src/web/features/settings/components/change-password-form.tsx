import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { changePasswordFormSchema } from '../../../../contracts/auth';
import { AUTH } from '../../../../contracts/constants';
import { passwordStrength } from '../../../../contracts/password-strength';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useChangePassword } from '../api/security';
import { fieldMessage } from '../lib/field-message';

type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const FIELDS: readonly Path<ChangePasswordValues>[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** Spec §5 "Change password": the same rules and texts as the first-time password dialog. */
export function canSubmitPasswordChange({ currentPassword, newPassword, confirmPassword }: ChangePasswordValues): boolean {
  return (
    Boolean(currentPassword && newPassword && confirmPassword) &&
    newPassword === confirmPassword &&
    passwordStrength(newPassword) >= AUTH.passwordStrengthRequired
  );
}

export function ChangePasswordForm() {
  const { t } = useTranslation(['settings', 'validation']);
  const { user, signIn } = useSession();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    control,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control }) as ChangePasswordValues;
  const field = (name: Path<ChangePasswordValues>) => register(name, { onChange: () => clearErrors(name) });

  // Said before submitting, because the button stays disabled until the rules are met (spec §5): the
  // mismatch while typing the confirmation, weakness once the new password has been left.
  const mismatch = values.confirmPassword && values.newPassword !== values.confirmPassword ? 'password.newMismatch' : undefined;
  const weak =
    touchedFields.newPassword && values.newPassword && passwordStrength(values.newPassword) < AUTH.passwordStrengthRequired
      ? 'password.weak'
      : undefined;

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast.success(t('security.password.changed'));
      // The server ended every session and signed this browser in again with a new one.
      signIn({ user: answer.user, session: answer.session });
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? Object.entries(error.fields ?? {}).filter(([path]) => (FIELDS as readonly string[]).includes(path))
          : [];
      fields.forEach(([path, text], index) =>
        setError(path as Path<ChangePasswordValues>, { type: 'server', message: text }, { shouldFocus: index === 0 }),
      );
      // Spec §8: "Password Change Failed" with the server's reason, or the network text.
      const network = error instanceof ApiError && error.code === 'NETWORK';
      toast.error(network ? t('security.password.networkError') : t('security.password.failed'), {
        description: network
          ? undefined
          : fields.length
            ? fieldMessage(t, fields[0]?.[1])
            : error instanceof ApiError
              ? error.message
              : t('security.password.failedDefault'),
      });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
      {/* Lets a password manager file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <TextField
        label={t('security.password.current')}
        type="password"
        autoComplete="current-password"
        error={fieldMessage(t, errors.currentPassword?.message)}
        {...field('currentPassword')}
      />
      <TextField
        label={t('security.password.new')}
        type="password"
        autoComplete="new-password"
        error={fieldMessage(t, errors.newPassword?.message ?? weak)}
        after={<PasswordStrengthMeter password={values.newPassword} />}
        {...field('newPassword')}
      />
      <TextField
        label={t('security.password.confirm')}
        type="password"
        autoComplete="new-password"
        error={fieldMessage(t, errors.confirmPassword?.message ?? mismatch)}
        {...field('confirmPassword')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting || !canSubmitPasswordChange(values)} aria-busy={isSubmitting}>
          {isSubmitting ? t('security.password.submitting') : t('security.password.submit')}
        </Button>
      </div>
    </form>
  );
}
