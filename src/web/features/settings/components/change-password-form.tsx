import { useTranslation } from 'react-i18next';
import { ChangePasswordForm as PasswordChange } from '../../../components/form/change-password-form';

/** The settings screen's password change: the one change-password form, in the settings' words. */
export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  return <PasswordChange submitLabel={t('security.password.submit')} submittingLabel={t('security.password.submitting')} />;
}
