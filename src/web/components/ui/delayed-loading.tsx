import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP } from '../../../contracts/constants';

/**
 * The loading screen appears only after 50 ms (docs/product.md, Roles and portals), so fast loads never flash it.
 * `label` is passed in where translations may not be loaded yet (first paint).
 */
export function DelayedLoading({ delayMs = APP.loadingDelayMs }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  const { t, ready } = useTranslation('common', { useSuspense: false });

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3"
      data-testid="loading-screen"
    >
      <span
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className="text-sm text-slate-600 dark:text-slate-300">{ready ? t('loading') : 'Loading…'}</span>
    </div>
  );
}
