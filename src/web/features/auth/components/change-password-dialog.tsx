import { LogOut } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH } from '../../../../contracts/constants';
import { passwordStrength } from '../../../../contracts/password-strength';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { useSession } from '../../../lib/session/use-session';
import { changePassword } from '../api/auth-api';
import { failureMessage, isNetworkFailure, serverFieldErrors } from '../lib/server-text';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/**
 * Spec §2 Dialogs, §4 First-time password change, §5 Change password, §8 texts. Shown to a doctor
 * whose isFirstTimeLogin is true, before the portal can be used; it cannot be dismissed (only
 * Sign Out leaves it). After success the server has started a new session, which is adopted.
 */
export function ChangePasswordDialog() {
  const { t } = useTranslation(['auth', 'validation']);
  const session = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<HTMLInputElement>(null);

  const strength = passwordStrength(values.newPassword);
  const strongEnough = strength >= AUTH.passwordStrengthRequired;
  const matches = values.newPassword === values.confirmPassword;
  const allFilled = Object.values(values).every(Boolean);
  const canSubmit = allFilled && matches && strongEnough && !busy;

  const mismatch = values.confirmPassword && !matches ? t('validation:password.newMismatch') : undefined;
  const weak = values.newPassword && !strongEnough ? t('validation:password.weak') : undefined;

  const update = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled in these cases; Enter in a field still lands here.
    if (!matches) {
      toast.error(t('changePassword.mismatchTitle'), { description: t('validation:password.newMismatch') });
      return;
    }
    if (!strongEnough) {
      toast.error(t('changePassword.weakTitle'), { description: t('validation:password.weak') });
      return;
    }
    if (!allFilled) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast.success(t('changePassword.success'));
      // The server ended every session and started a new one for this browser (new cookie and CSRF token).
      session.signIn({ user: result.user, session: result.session });
    } catch (error) {
      if (isNetworkFailure(error)) {
        const description = t('changePassword.networkDescription');
        setFailure(`${t('changePassword.networkTitle')} - ${description}`);
        toast.error(t('changePassword.networkTitle'), { description });
        return;
      }
      const fields = serverFieldErrors(t, error);
      setServerErrors({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      const description = failureMessage(t, error, t('changePassword.failedDefault'));
      setFailure(`${t('changePassword.failedTitle')} - ${description}`);
      toast.error(t('changePassword.failedTitle'), { description });
      if (fields.currentPassword) current.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={t('changePassword.title')} description={t('changePassword.description')} testId="change-password-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <PasswordField
          ref={current}
          name="currentPassword"
          label={t('changePassword.currentPassword')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => update('currentPassword', event.target.value)}
          error={serverErrors.currentPassword}
        />
        <PasswordField
          name="newPassword"
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => update('newPassword', event.target.value)}
          error={serverErrors.newPassword ?? weak}
          after={<PasswordStrengthMeter password={values.newPassword} />}
        />
        <PasswordField
          name="confirmPassword"
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
          error={mismatch}
        />
        {failure ? <FormAlert testId="change-password-error">{failure}</FormAlert> : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="ghost" onClick={() => void session.signOut('user')} disabled={busy}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('changePassword.signOut')}
          </Button>
          <Button type="submit" disabled={!canSubmit} aria-busy={busy}>
            {busy ? t('changePassword.submitting') : t('changePassword.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
