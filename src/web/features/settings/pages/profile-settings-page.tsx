import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotificationsSection } from '../components/notifications-section';
import { PreferencesSection } from '../components/preferences-section';
import { PrivacySection } from '../components/privacy-section';
import { ProfileSection } from '../components/profile-section';
import { SecuritySection } from '../components/security-section';
import { SettingsSection } from '../components/settings-section';

// The settings view: the sections profile, notifications, privacy, preferences and security, each
// reachable by its hash (the older paths /patient/notifications, /patient/privacy... lead there).
const SECTIONS = ['profile', 'notifications', 'privacy', 'preferences', 'security'] as const;

export function ProfileSettingsPage() {
  const { t } = useTranslation('settings');
  const { hash } = useLocation();

  // The user menu's "Preferences" opens #preferences: bring that section into view and focus it.
  useEffect(() => {
    const id = hash.slice(1);
    if (!(SECTIONS as readonly string[]).includes(id)) return;
    const section = document.getElementById(id);
    section?.scrollIntoView({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('page.description')}</p>
      </header>
      <nav aria-label={t('page.sections')}>
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a
                href={`#${section}`}
                className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {t(`${section}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <SettingsSection id="profile" title={t('profile.title')} description={t('profile.description')}>
        <ProfileSection />
      </SettingsSection>
      <SettingsSection id="notifications" title={t('notifications.title')} description={t('notifications.description')}>
        <NotificationsSection />
      </SettingsSection>
      <SettingsSection id="privacy" title={t('privacy.title')} description={t('privacy.description')}>
        <PrivacySection />
      </SettingsSection>
      <SettingsSection id="preferences" title={t('preferences.title')} description={t('preferences.description')}>
        <PreferencesSection />
      </SettingsSection>
      <SettingsSection id="security" title={t('security.title')} description={t('security.description')}>
        <SecuritySection />
      </SettingsSection>
    </div>
  );
}
