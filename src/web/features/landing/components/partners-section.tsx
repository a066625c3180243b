import { CalendarDays, Fingerprint, FlaskConical, Pill, Stethoscope, Syringe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FeatureGrid } from './feature-grid';
import { LandingSection } from './landing-section';

// Integration partners: the open standards Caredeck actually uses,
// rather than logos of companies it has no agreement with.
const ITEMS = [
  { key: 'loinc', icon: FlaskConical },
  { key: 'icd10', icon: Stethoscope },
  { key: 'cvx', icon: Syringe },
  { key: 'rxnorm', icon: Pill },
  { key: 'webauthn', icon: Fingerprint },
  { key: 'ical', icon: CalendarDays },
] as const;

export function PartnersSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="partners" title={t('partners.title')} subtitle={t('partners.subtitle')} tone="tinted">
      <FeatureGrid prefix="partners" items={ITEMS} />
    </LandingSection>
  );
}
