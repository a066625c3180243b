import { ArrowRight, HeartPulse } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../lib/navigation/app-navigation';
import { buttonClasses } from '../../../components/ui/button';
import { useGetStartedTarget } from '../lib/use-get-started-target';
import { HeroFigures } from './hero-figures';
import { HeroVideo } from './hero-video';
import { PORTALS } from './portal-icons';

/** Hero with a video background, the live figures and the four portal cards. */
export function HeroSection() {
  const { t } = useTranslation(['landing', 'common']);
  const target = useGetStartedTarget();
  return (
    <section data-section="hero" aria-labelledby="hero-title" className="relative isolate overflow-hidden text-white">
      <HeroVideo />
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25">
          <HeartPulse className="size-4" aria-hidden="true" />
          {t('hero.badge')}
        </p>
        <h1 id="hero-title" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {t('hero.title')}
        </h1>
        <p className="max-w-2xl text-lg text-slate-100">{t('hero.subtitle')}</p>
        <AppLink to={target} className={buttonClasses('primary', 'px-5')}>
          {t('nav.getStarted')}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </AppLink>
        <HeroFigures />
        <h2 className="sr-only">{t('hero.portalsLabel')}</h2>
        <ul className="grid w-full gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {PORTALS.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl bg-white p-4 text-slate-900 shadow-lg dark:bg-slate-900 dark:text-slate-100">
              <Icon className="size-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
              <h3 className="mt-2 font-semibold">{t(`portals.${key}.title`)}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t(`portals.${key}.subtitle`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
