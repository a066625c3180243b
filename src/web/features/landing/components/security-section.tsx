import { FileLock2, KeyRound, ScrollText, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FeatureGrid } from './feature-grid';
import { LandingSection } from './landing-section';

const ITEMS = [
  { key: 'mfa', icon: KeyRound },
  { key: 'audit', icon: ScrollText },
  { key: 'access', icon: ShieldCheck },
  { key: 'encryption', icon: FileLock2 },
] as const;

/** The security section, anchor "security". */
export function SecuritySection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="security" id="security" title={t('security.title')} subtitle={t('security.subtitle')} tone="tinted">
      <FeatureGrid prefix="security" items={ITEMS} columns={2} />
      <p className="mt-6 font-medium text-slate-800 dark:text-slate-200">{t('security.compliance')}</p>
    </LandingSection>
  );
}
