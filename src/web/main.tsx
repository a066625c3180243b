import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import { FIRST_PAINT_NAMESPACES, initI18n, loadAllTexts } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Issue 6 item 9: a first visit to / starts with the light landing entry (its texts only); every
// other page, and the first navigation away from the landing page, loads the whole app.
const onLanding = window.location.pathname === '/';

// Texts are loaded before the first render, so no screen shows keys.
await initI18n(undefined, onLanding ? FIRST_PAINT_NAMESPACES : undefined);

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();
let appShown = false;

async function openApp(to?: string): Promise<void> {
  const [{ App }] = await Promise.all([import('./app/app'), loadAllTexts()]);
  if (appShown) return;
  appShown = true;
  if (to !== undefined) window.history.pushState(null, '', to);
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

if (onLanding) {
  // As a transition React renders the long page in slices and lets the browser in between, so the
  // first paint blocks no input for long (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <LandingApp queryClient={queryClient} openApp={openApp} />
      </StrictMode>,
    );
  });
  // The other texts arrive once the page has loaded, ready for a language change or the next page.
  const loadRest = () => setTimeout(() => void loadAllTexts(), 0);
  if (document.readyState === 'complete') loadRest();
  else window.addEventListener('load', loadRest, { once: true });
} else {
  await openApp();
}
