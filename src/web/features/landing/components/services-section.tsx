import { Ambulance, Brain, Microscope, Stethoscope, UserRoundCheck, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FeatureGrid } from './feature-grid';
import { LandingSection } from './landing-section';

const ITEMS = [
  { key: 'primary', icon: UserRoundCheck },
  { key: 'specialist', icon: Stethoscope },
  { key: 'diagnostics', icon: Microscope },
  { key: 'telemedicine', icon: Video },
  { key: 'emergency', icon: Ambulance },
  { key: 'mental', icon: Brain },
] as const;

/** The service categories, anchor "services". */
export function ServicesSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="services" id="services" title={t('services.title')} subtitle={t('services.subtitle')}>
      <FeatureGrid prefix="services" items={ITEMS} />
    </LandingSection>
  );
}
