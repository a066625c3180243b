import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { DelayedLoading } from '../components/ui/delayed-loading';
import { pathForView } from '../../contracts/views';
import { setMfaEnrolmentHandler, setServerBusyHandler } from '../lib/api-client';
import { i18next } from '../lib/i18n';
import { serverBusyText } from '../lib/server-busy-notice';
import { createQueryClient } from '../lib/query-client';
import { RealtimeStatusProvider } from '../lib/realtime/realtime-status';
import { SessionProvider } from '../lib/session/session-provider';
import { useSession, type SignOutReason } from '../lib/session/use-session';
import { ThemeProvider } from '../lib/theme-context';
import { ThemeServerSync } from '../lib/theme-server-sync';
import { ErrorBoundary } from './errors/error-boundary';
import { createRouter } from './router';
import type { SessionEndedState } from './shell/public-layout';
import { lazyView } from '../lib/lazy-view';

// The live connection with every feature's push reactions (and the contracts and zod they bring)
// opens after the first paint; until then the frame shows it as disconnected.
const RealtimeLink = lazyView(() => import('./realtime-link').then((m) => m.AppRealtimeLink), []);

// The mobile responsiveness check's floating button on public pages (the signed-in
// frame has it in its header); loaded after first paint.
const MobileCheckLauncher = lazyView(
  () => import('../features/mobile-check/components/mobile-check-launcher').then((m) => m.default),
  ['mobile-check'],
);

// The toaster (sonner) is not part of the first paint either: it loads right after, and shows on
// arrival any toast raised before.
const Toasts = lazyView(() => import('./toasts').then((m) => m.Toasts), []);

function notify(kind: 'success' | 'warning', text: string, options?: { id: string }): void {
  // Without the chunk (offline, a new release) the notice is lost, as a toast would be on reload.
  import('sonner').then(
    ({ toast }) => toast[kind](text, options),
    () => undefined,
  );
}

/** The live connection exists for a signed-in person only; nobody else downloads it. */
function LiveConnection() {
  const { user } = useSession();
  return user ? (
    <Suspense fallback={null}>
      <RealtimeLink />
    </Suspense>
  ) : null;
}

/**
 * Renders its parts once the first screen has painted (the session is known, then a frame and a
 * task later), so their downloads never compete with what that paint waits for.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || status === 'loading') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, status]);
  return painted ? children : null;
}

/**
 * Providers from the outside in: data (the error screen reads the support address), the last-resort
 * error boundary, theme, the session (it reads the theme's server copy), the live connection of
 * a signed-in user, router.
 */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  // The landing entry hands over its cache, so the figures and config it loaded are not asked again.
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(createRouter);

  // A session that ends, here or in another tab, returns to the landing page: no tab keeps showing a closed session.
  const onSignedOut = useCallback(
    (reason: SignOutReason) => {
      if (reason === 'user') notify('success', i18next.t('shell:session.loggedOut'));
      const state: SessionEndedState = { sessionEnded: reason };
      void router.navigate('/', { replace: true, state });
    },
    [router],
  );

  // A busy server (503) is told once, in the person's language, while reads wait and retry.
  useEffect(
    () =>
      setServerBusyHandler((notice) => {
        const text = serverBusyText(i18next.t, notice);
        if (text) notify('warning', text, { id: 'server-busy' });
      }),
    [],
  );

  // A role that must use a second factor, signed in without one: the server refuses everything but
  // setting it up, so the person is taken to the security settings, once, with the reason.
  useEffect(
    () =>
      setMfaEnrolmentHandler(() => {
        notify('warning', i18next.t('errors:codes.MFA_ENROLMENT_REQUIRED'), { id: 'mfa-enrolment' });
        const settings = pathForView('profile-settings');
        if (router.state.location.pathname !== settings) void router.navigate(settings, { replace: true });
      }),
    [router],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary level="app" name="app">
        <ThemeProvider>
          <SessionProvider onSignedOut={onSignedOut}>
            <ThemeServerSync />
            <RealtimeStatusProvider>
              <Suspense fallback={<DelayedLoading />}>
                <RouterProvider router={router} />
              </Suspense>
              <AfterFirstPaint>
                <LiveConnection />
                <Suspense fallback={null}>
                  <Toasts />
                  <MobileCheckLauncher />
                </Suspense>
              </AfterFirstPaint>
            </RealtimeStatusProvider>
          </SessionProvider>
        </ThemeProvider>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
