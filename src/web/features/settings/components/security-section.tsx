import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form';
import { PasskeysSection } from './passkeys-section';
import { SettingsGroup } from './settings-section';
import { TwoStepSection } from './two-step-section';

/** The security settings: the password, two-step sign-in and passkeys. */
export function SecuritySection() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col gap-6">
      <SettingsGroup title={t('security.password.title')} description={t('security.password.description')}>
        <ChangePasswordForm />
      </SettingsGroup>
      <SettingsGroup title={t('mfa.title')} description={t('mfa.description')}>
        <TwoStepSection />
      </SettingsGroup>
      {/* Passkeys are what the login screen calls "biometric sign-in"; the section titles itself. */}
      <PasskeysSection />
    </div>
  );
}
