import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { DelayedLoading } from '../components/ui/delayed-loading';
import { LandingPage } from '../features/landing/pages/landing-page';
import { AppNavigationProvider, type AppLocation, type AppNavigation } from '../lib/navigation/app-navigation';
import { PublicSessionProvider } from '../lib/session/public-session-provider';
import { ThemeProvider } from '../lib/theme-context';
import { ThemeServerSync } from '../lib/theme-server-sync';
import { ErrorBoundary } from './errors/error-boundary';
import { PublicLayout } from './shell/public-layout';
import { lazyView } from '../lib/lazy-view';

// A first visit to / shows the landing page from this light entry, without the
// router, zod, the session controller, the live connection or the toaster. The first navigation
// to another page loads the app (app.tsx), which takes over the same screen and the same cache.

const MobileCheckLauncher = lazyView(
  () => import('../features/mobile-check/components/mobile-check-launcher').then((m) => m.default),
  ['mobile-check'],
);

function currentLocation(): AppLocation {
  // The build prerenders the landing page in Node (prerender-landing.tsx), where there is no window.
  if (typeof window === 'undefined') return { pathname: '/', hash: '', state: null };
  // The router keeps what a navigation carried in history.state.usr; a reload keeps it too.
  const state = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
  return { pathname: window.location.pathname, hash: window.location.hash, state };
}

interface Props {
  queryClient: QueryClient;
  /** Shows the app at the given path (pushed onto the history first), or at the current URL. */
  openApp(to?: string): Promise<void>;
}

export function LandingApp({ queryClient, openApp }: Props) {
  const [location, setLocation] = useState(currentLocation);

  useEffect(() => {
    const onPop = () => {
      const next = currentLocation();
      if (next.pathname === '/') setLocation(next);
      else void openApp();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [openApp]);

  const navigation = useMemo<AppNavigation>(
    () => ({
      location,
      navigate(to) {
        const url = new URL(to, window.location.href);
        if (url.pathname !== '/') {
          // Without the app chunk (offline, a new release) a full page load still gets there.
          openApp(to).catch(() => window.location.assign(to));
          return;
        }
        window.history.pushState(null, '', to);
        setLocation(currentLocation());
      },
    }),
    [location, openApp],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary level="app" name="app">
        <ThemeProvider>
          <PublicSessionProvider>
            <ThemeServerSync />
            <AppNavigationProvider value={navigation}>
              <Suspense fallback={<DelayedLoading />}>
                <PublicLayout>
                  <LandingPage />
                </PublicLayout>
                <Suspense fallback={null}>
                  <MobileCheckLauncher />
                </Suspense>
              </Suspense>
            </AppNavigationProvider>
          </PublicSessionProvider>
        </ThemeProvider>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
