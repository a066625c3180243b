import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../lib/navigation/app-navigation';
import { buttonClasses } from '../../../components/ui/button';
import { useGetStartedTarget } from '../lib/use-get-started-target';

// The landing page's fixed top bar: the scroll buttons and Get Started. The public layout's header shows them
// on the landing page.

export const SCROLL_TARGETS = ['services', 'platform', 'security', 'pricing'] as const;

/** Scrolls to a section and moves keyboard focus there too, so Tab continues from it. */
export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

export function LandingNav() {
  const { t } = useTranslation('landing');
  return (
    <nav aria-label={t('nav.label')} className="mx-auto max-w-6xl px-2 pb-2 md:pb-0">
      <ul className="flex flex-wrap items-center gap-1">
        {SCROLL_TARGETS.map((id) => (
          <li key={id}>
            <button
              type="button"
              onClick={() => scrollToSection(id)}
              data-scroll-to={id}
              className="min-h-10 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {t(`nav.${id}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Get Started: sign-in, or straight to the role's portal when signed in. */
export function GetStartedLink() {
  const { t } = useTranslation('landing');
  const target = useGetStartedTarget();
  return (
    <AppLink to={target} className={buttonClasses('primary', 'px-3')} data-testid="get-started">
      {/* On the narrowest phones the top bar shows the arrow only; the hero repeats the button in full. */}
      <span className="sr-only sm:not-sr-only">{t('nav.getStarted')}</span>
      <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
    </AppLink>
  );
}
