import { LayoutDashboard, LogIn } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, useAppLocation } from '../../lib/navigation/app-navigation';
import { buttonClasses } from '../../components/ui/button';
import { DelayedLoading } from '../../components/ui/delayed-loading';
import { FormAlert } from '../../components/ui/field';
import { portalPath } from '../../lib/session/role-navigation';
import { useSession, type SignOutReason } from '../../lib/session/use-session';
import { GetStartedLink, LandingNav } from '../../features/landing/components/landing-nav';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { ErrorBoundary } from '../errors/error-boundary';
import { useHeaderHeight } from './header-height';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

/** What the app hands to the landing page when a session ends (app.tsx). */
export interface SessionEndedState {
  sessionEnded?: SignOutReason;
}

/** The frame of every page before sign-in: brand, language and theme, the page, the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common', 'shell']);
  const location = useAppLocation();
  const session = useSession();
  // After an expiry the landing page says why the portal closed, so nobody thinks they signed out.
  const ended = (location.state as SessionEndedState | null)?.sessionEnded;
  const showExpired = ended === 'expired' || ended === 'server';
  // On the landing page the top bar carries the scroll buttons and Get Started.
  const onLanding = location.pathname === '/';
  const header = useHeaderHeight();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800"
      >
        {t('skipToContent')}
      </a>
      <header
        ref={header}
        className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
      >
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <AppLink to="/" className="flex items-center gap-2 font-semibold text-brand-800 dark:text-brand-100">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{t('appName')}</span>
          </AppLink>
          <div className="flex items-center gap-2">
            <nav aria-label={t('preferences')} className="flex items-center gap-2">
              <LanguageSwitcher />
              <ThemeToggle />
            </nav>
            {onLanding ? (
              <GetStartedLink />
            ) : session.status === 'authenticated' && session.user ? (
              <AppLink to={portalPath(session.user.role)} className={buttonClasses('primary', 'px-3')} data-testid="go-to-portal">
                <LayoutDashboard className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t('shell:public.goToPortal')}</span>
              </AppLink>
            ) : session.status === 'anonymous' && location.pathname !== '/login' ? (
              <AppLink to="/login" className={buttonClasses('secondary', 'px-3')}>
                <LogIn className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t('shell:public.signIn')}</span>
              </AppLink>
            ) : null}
          </div>
        </div>
        {onLanding ? <LandingNav /> : null}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {showExpired ? (
          <div className="mx-auto max-w-6xl px-4 pt-4">
            <FormAlert tone="info" testId="session-expired-notice">
              {t('shell:session.expired')}
            </FormAlert>
          </div>
        ) : null}
        {/* A route's failure is contained to the page; navigating elsewhere clears it. While the
            page's chunk loads, the fallback fills the screen, so the footer starts below the fold
            and is not pushed down in view when the page arrives (layout shift). */}
        <ErrorBoundary key={location.pathname} level="route" name={`route:${location.pathname}`}>
          <Suspense
            fallback={
              <div className="min-h-svh">
                <DelayedLoading />
              </div>
            }
          >
            {children}
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
