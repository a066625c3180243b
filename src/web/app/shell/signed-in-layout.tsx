import { Menu as MenuIcon, X } from 'lucide-react';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { DelayedLoading } from '../../components/ui/delayed-loading';
import { portalPath } from '../../lib/session/role-navigation';
import { useSession } from '../../lib/session/use-session';
import { ConnectionIndicator } from '../../lib/realtime/connection-indicator';
import { ErrorBoundary } from '../errors/error-boundary';
import { useHeaderHeight } from './header-height';
import { LanguageSwitcher } from './language-switcher';
import { usePageTitleAndFocus } from './page-title';
import type { SessionEndedState } from './public-layout';
import { SidebarNav } from './sidebar-nav';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { useCanReachView } from '../../lib/permissions/view-guard';
import { lazyView } from '../../lib/lazy-view';

// The mobile check's button, in the header (demo mode or admins); its code is not part of the frame.
const MobileCheckLauncher = lazyView(
  () => import('../../features/mobile-check/components/mobile-check-launcher').then((m) => m.default),
  ['mobile-check'],
);

// Only a doctor's first sign-in shows it: its code and texts are not part of the frame.
const ChangePasswordDialog = lazyView(
  () => import('../../features/auth/components/change-password-dialog').then((m) => m.ChangePasswordDialog),
  ['auth', 'validation'],
);

// The bell's list, its queries and their contracts (and zod with them) load right after the
// frame's first paint; its place in the header is kept meanwhile, so nothing moves when it arrives.
const NotificationBell = lazyView(
  () => import('../../features/notifications/components/notification-bell').then((m) => m.NotificationBell),
  ['notifications'],
);

// The header search's box, panel and the catalogue's texts load after the frame's first paint;
// its place is kept meanwhile so that nothing moves when it arrives.
const HeaderSearch = lazyView(
  () => import('../../features/search/components/header-search-launcher').then((m) => m.default),
  ['search', 'validation'],
);

// The header's messages button and its unread count, after the first paint like the bell.
const MessagesButton = lazyView(
  () => import('../../features/messages/components/unread-message-count').then((m) => m.MessagesButton),
  ['shell'],
);

/**
 * The frame of every signed-in view: the header, the navigation and the view. Signed-in routes need a
 * session: a visitor without one is sent to sign in and brought back afterwards. A stored session is
 * shown at once as a minimal shell while the user is loaded.
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['shell', 'common']);
  const { status, user, endedReason } = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const header = useHeaderHeight();
  const main = useRef<HTMLElement>(null);
  usePageTitleAndFocus(main);
  const canReachMessages = useCanReachView()('messages');

  if (status === 'loading') return <DelayedLoading />;
  if (status === 'anonymous') {
    // A session that ended here (sign-out, expiry, refusal) returns to the landing page, not to a sign-in form.
    if (endedReason) {
      const state: SessionEndedState = { sessionEnded: endedReason };
      return <Navigate to="/" replace state={state} />;
    }
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800"
      >
        {t('common:skipToContent')}
      </a>
      <header
        ref={header}
        className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
      >
        <div className="flex items-center justify-between gap-2 px-3 py-2 sm:gap-3 sm:px-4">
          <div className="flex items-center gap-2">
            {user ? (
              <button
                type="button"
                className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
                aria-expanded={menuOpen}
                aria-controls="signed-in-navigation"
                aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
                onClick={() => setMenuOpen((open) => !open)}
                data-testid="menu-toggle"
              >
                {menuOpen ? <X className="size-5" aria-hidden="true" /> : <MenuIcon className="size-5" aria-hidden="true" />}
              </button>
            ) : null}
            {/* Below 360 px the menu (which leads home too) stands in for the logo, so the search fits. */}
            <Link
              to={user ? portalPath(user.role) : '/'}
              className={`${user ? 'hidden min-[360px]:flex' : 'flex'} items-center gap-2 font-semibold text-brand-800 dark:text-brand-100`}
            >
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span className="sr-only sm:not-sr-only">{t('common:appName')}</span>
            </Link>
          </div>
          {user ? (
            <div className="flex min-w-0 flex-1 justify-end md:justify-center">
              <Suspense fallback={<span className="inline-block h-10 w-10 md:w-full md:max-w-md" aria-hidden="true" />}>
                <HeaderSearch />
              </Suspense>
            </div>
          ) : null}
          <div className="flex items-center gap-0 sm:gap-2">
            {user ? <ConnectionIndicator /> : null}
            {user && canReachMessages ? (
              <Suspense fallback={<span className="inline-block size-10" aria-hidden="true" />}>
                <MessagesButton />
              </Suspense>
            ) : null}
            {user ? (
              <Suspense fallback={<span className="inline-block size-10" aria-hidden="true" />}>
                <NotificationBell userId={user.id} />
              </Suspense>
            ) : null}
            {/* On a phone or a tablet the header keeps what is used there, so that the search fits
                beside the logo; the language and the theme are one tap away in Preferences. */}
            <div className={user ? 'hidden lg:block' : 'hidden sm:block'}>
              <LanguageSwitcher />
            </div>
            {user ? (
              <Suspense fallback={null}>
                <MobileCheckLauncher placement="header" />
              </Suspense>
            ) : null}
            <div className={user ? 'hidden lg:block' : undefined}>
              <ThemeToggle />
            </div>
            {user ? <UserMenu user={user} /> : null}
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        {user ? <SidebarNav user={user} open={menuOpen} onNavigate={() => setMenuOpen(false)} /> : null}
        <main ref={main} id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {user ? (
            <ErrorBoundary key={location.pathname} level="route" name={`route:${location.pathname}`}>
              <Suspense fallback={<DelayedLoading />}>{children ?? <Outlet />}</Suspense>
            </ErrorBoundary>
          ) : (
            <DelayedLoading />
          )}
        </main>
      </div>
      {/* A doctor signing in for the first time chooses a new password before anything else: the account was made with one someone else knows. */}
      {user && user.role === 'doctor' && user.isFirstTimeLogin ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
