import { Smartphone } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/use-session';
import { usePublicConfig } from '../../../lib/use-public-config';
import { isFramed } from '../lib/viewports';
import { lazyView } from '../../../lib/lazy-view';

const MobileCheckOverlay = lazyView(() => import('./mobile-check-overlay').then((m) => m.default), ['mobile-check']);

/**
 * The floating button that opens the mobile responsiveness check. Shown in demo
 * mode or to admins; never inside the check's own frame. The overlay loads only when opened.
 */
export default function MobileCheckLauncher() {
  const { t } = useTranslation('mobile-check');
  const config = usePublicConfig();
  const { user } = useSession();
  const [open, setOpen] = useState(false);

  const allowed = config.data?.demoMode === true || user?.role === 'admin';
  if (!allowed || isFramed(window)) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="fixed end-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-offset-4"
        aria-label={t('open')}
        title={t('open')}
        data-testid="mobile-check-button"
      >
        <Smartphone className="size-6" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileCheckOverlay onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
