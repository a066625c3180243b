import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLocation } from '../../../lib/navigation/app-navigation';
import { AnalyticsPreviewSection } from '../components/analytics-preview-section';
import { AwardsSection } from '../components/awards-section';
import { CapabilitiesSection } from '../components/capabilities-section';
import { CtaSection } from '../components/cta-section';
import { DigitalEraSection } from '../components/digital-era-section';
import { HeroSection } from '../components/hero-section';
import { ImpactSection } from '../components/impact-section';
import { scrollToSection } from '../components/landing-nav';
import { MetricsSection } from '../components/metrics-section';
import { MobileAppsSection } from '../components/mobile-apps-section';
import { PartnersSection } from '../components/partners-section';
import { PortalsSection } from '../components/portals-section';
import { SecuritySection } from '../components/security-section';
import { ServicesSection } from '../components/services-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { lazyView } from '../../../lib/lazy-view';

// The explorer (tabs, 30 cards, its modal and doctor query) loads after the first paint.
const SpecialtiesExplorer = lazyView(() => import('../components/specialties-explorer').then((m) => m.default), ['doctors']);

/** The public front page, every section in its order (docs/product.md, Landing page); the footer is the layout's. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const { hash } = useAppLocation();

  // A footer link from another page (/#services) lands on its section.
  useEffect(() => {
    if (hash.length > 1) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash]);

  return (
    <>
      <HeroSection />
      <CapabilitiesSection />
      <MetricsSection />
      {/* Some height is reserved while the explorer loads. It still grows when it arrives, so the browser is told
          not to anchor scrolling on it: a reader who has jumped to a section below stays on that section. */}
      <div data-section="specialties" className="min-h-[36rem] [overflow-anchor:none]">
        <Suspense fallback={<p className="mx-auto max-w-6xl px-4 py-12">{t('explorerLoading')}</p>}>
          <SpecialtiesExplorer />
        </Suspense>
      </div>
      <ServicesSection />
      <PartnersSection />
      <AwardsSection />
      <MobileAppsSection />
      <ImpactSection />
      <AnalyticsPreviewSection />
      <PortalsSection />
      <DigitalEraSection />
      <SecuritySection />
      <TestimonialsSection />
      <CtaSection />
    </>
  );
}
