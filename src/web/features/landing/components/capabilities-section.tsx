import { Activity, Brain, Building2, CarFront, FileHeart, KeyRound, MessageSquare, Receipt, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FeatureGrid } from './feature-grid';
import { LandingSection } from './landing-section';

// What the landing page says the platform does. Anchor "platform" for the top bar.
const ITEMS = [
  { key: 'messaging', icon: MessageSquare },
  { key: 'video', icon: Video },
  { key: 'ai', icon: Brain },
  { key: 'parking', icon: CarFront },
  { key: 'facility', icon: Building2 },
  { key: 'records', icon: FileHeart },
  { key: 'monitoring', icon: Activity },
  { key: 'billing', icon: Receipt },
  { key: 'access', icon: KeyRound },
] as const;

export function CapabilitiesSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="capabilities" id="platform" title={t('capabilities.title')} subtitle={t('capabilities.subtitle')}>
      <FeatureGrid prefix="capabilities" items={ITEMS} />
    </LandingSection>
  );
}
