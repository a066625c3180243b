import { Accessibility, Award, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FeatureGrid } from './feature-grid';
import { LandingSection } from './landing-section';

// Awards: the standards each release is checked against (WCAG 2.2 AA by axe in the e2e suite, OWASP ASVS by
// the server's security tests).
const ITEMS = [
  { key: 'wcag', icon: Accessibility },
  { key: 'asvs', icon: Award },
  { key: 'selfHosted', icon: Server },
] as const;

export function AwardsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="awards" title={t('awards.title')} subtitle={t('awards.subtitle')}>
      <FeatureGrid prefix="awards" items={ITEMS} />
    </LandingSection>
  );
}
