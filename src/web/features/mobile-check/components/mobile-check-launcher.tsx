import { Smartphone } from 'lucide-react';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/use-session';
import { usePublicConfig } from '../../../lib/use-public-config';
import { isFramed } from '../lib/viewports';
import { lazyView } from '../../../lib/lazy-view';

const MobileCheckOverlay = lazyView(() => import('./mobile-check-overlay').then((m) => m.default), ['mobile-check']);

// The signed-in frame carries the button in its header, where it takes its own place; a button
// floating over the page would cover whatever scrolls under it (the end of a list, a form's last
// button). The floating one is for the public pages only, and steps aside while a header one is shown.
let headerButtons = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setHeaderButtons(change: number): void {
  headerButtons += change;
  for (const listener of listeners) listener();
}

/**
 * The button that opens the mobile responsiveness check, in the signed-in header
 * (`placement="header"`) or floating on a public page. Shown in demo mode or to admins; never
 * inside the check's own frame. The overlay loads only when opened.
 */
export default function MobileCheckLauncher({ placement = 'floating' }: { placement?: 'floating' | 'header' }) {
  const { t } = useTranslation('mobile-check');
  const config = usePublicConfig();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const headerShown = useSyncExternalStore(
    subscribe,
    () => headerButtons > 0,
    () => false,
  );
  const header = placement === 'header';

  const allowed = (config.data?.demoMode === true || user?.role === 'admin') && !isFramed(window);
  useEffect(() => {
    if (!header || !allowed) return;
    setHeaderButtons(1);
    return () => setHeaderButtons(-1);
  }, [header, allowed]);

  if (!allowed || (!header && headerShown)) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={
          header
            ? 'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
            : 'fixed end-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-offset-4'
        }
        aria-label={t('open')}
        title={t('open')}
        data-testid="mobile-check-button"
        data-placement={placement}
      >
        <Smartphone className={header ? 'size-5' : 'size-6'} aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileCheckOverlay onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
