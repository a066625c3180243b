import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../lib/navigation/app-navigation';
import { buttonClasses } from '../../../components/ui/button';
import { CheckList } from './check-list';
import { LandingSection } from './landing-section';
import { textList } from '../lib/text-list';

/** The paperless (digital era) section; its call to action opens the overview of how Caredeck is set up. */
export function DigitalEraSection() {
  const { t } = useTranslation('landing');
  const points = t('digital.points', { returnObjects: true });
  return (
    <LandingSection name="digital" title={t('digital.title')} subtitle={t('digital.subtitle')} tone="tinted">
      <CheckList points={textList(points)} />
      <AppLink to="/docs-overview" className={buttonClasses('primary', 'mt-6 px-5')}>
        {t('digital.cta')}
        <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
      </AppLink>
    </LandingSection>
  );
}
