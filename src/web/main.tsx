import './app/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FIRST_PAINT_NAMESPACES, initI18n, loadTexts, SHELL_NAMESPACES } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// A first visit to / starts with the light landing entry (its texts only); every
// other page, and the first navigation away from the landing page, loads the whole app.
const onLanding = window.location.pathname === '/';

// This entry holds only what both first screens run (React, i18next, TanStack Query): the landing
// page's sections are not part of a signed-in page's first paint, nor the app part of the landing
// page's. The first screen's code downloads alongside its texts (preferences-init.js has preloaded
// both), the other screen's never before it is needed.
const landingApp = onLanding ? import('./app/landing-app') : undefined;
// Its failure (offline, a new release) shows where openApp awaits the same import.
if (!onLanding) import('./app/app').catch(() => undefined);

// The texts of the first screen's frame are loaded before the first render; each view loads its own
// as it opens (lib/lazy-view.ts), so no screen shows keys and none waits for texts it does not show.
await initI18n(undefined, onLanding ? FIRST_PAINT_NAMESPACES : SHELL_NAMESPACES);

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();
let appShown = false;

async function openApp(to?: string): Promise<void> {
  const [{ App }] = await Promise.all([import('./app/app'), loadTexts(SHELL_NAMESPACES)]);
  if (appShown) return;
  appShown = true;
  if (to !== undefined) window.history.pushState(null, '', to);
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

if (landingApp) {
  const { LandingApp } = await landingApp;
  // As a transition React renders the long page in slices and lets the browser in between, so the
  // first paint blocks no input for long (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <LandingApp queryClient={queryClient} openApp={openApp} />
      </StrictMode>,
    );
  });
} else {
  await openApp();
}
