import { CalendarClock, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../lib/navigation/app-navigation';
import { buttonClasses } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/use-public-config';
import { useGetStartedTarget } from '../lib/use-get-started-target';
import { LandingSection } from './landing-section';

/**
 * The closing call to action, anchor "pricing". The trial starts where Get Started goes (sign-in, or
 * the portal); a consultation is a mail to the organisation's own address (organisation settings).
 */
export function CtaSection() {
  const { t } = useTranslation('landing');
  const target = useGetStartedTarget();
  const config = usePublicConfig();
  const email = config.data?.supportEmail;

  return (
    <LandingSection name="cta" id="pricing" title={t('cta.title')} subtitle={t('cta.subtitle')} tone="tinted">
      <div className="flex flex-wrap gap-3">
        <AppLink to={target} className={buttonClasses('primary', 'px-5')}>
          <Rocket className="size-4" aria-hidden="true" />
          {t('cta.trial')}
        </AppLink>
        {email ? (
          <a
            href={`mailto:${email}?subject=${encodeURIComponent(t('cta.consultationSubject'))}`}
            className={buttonClasses('secondary', 'px-5')}
          >
            <CalendarClock className="size-4" aria-hidden="true" />
            {t('cta.consultation')}
          </a>
        ) : null}
      </div>
    </LandingSection>
  );
}
