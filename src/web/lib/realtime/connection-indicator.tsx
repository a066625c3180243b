import { useTranslation } from 'react-i18next';
import { closeCodeKey } from './close-codes';
import type { ConnectionState } from './realtime-connection';
import { useRealtimeStatus } from './use-realtime';

type Shown = 'connected' | 'reconnecting' | 'offline';

const SHOWN: Record<ConnectionState, Shown> = {
  connected: 'connected',
  connecting: 'reconnecting',
  reconnecting: 'reconnecting',
  disconnected: 'offline',
  failed: 'offline',
};

const DOT: Record<Shown, string> = {
  connected: 'bg-emerald-600',
  reconnecting: 'bg-amber-500 motion-safe:animate-pulse',
  offline: 'bg-slate-400 dark:bg-slate-500',
};

/**
 * A small sign in the header for people who care whether updates arrive live
 * (connected / reconnecting / offline). The words are for screen readers and the tooltip.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation('realtime');
  const { state, quality, lastCloseCode } = useRealtimeStatus();
  const shown = SHOWN[state];
  const label = t(`status.${shown}`);
  const detail =
    shown === 'connected'
      ? t(`quality.${quality}`)
      : shown === 'offline' && lastCloseCode !== null
        ? t(`closeCodes.${closeCodeKey(lastCloseCode)}`)
        : undefined;

  return (
    <span
      role="status"
      data-testid="realtime-status"
      data-state={shown}
      title={detail ? `${label} — ${detail}` : label}
      className="inline-flex h-10 w-6 items-center justify-center sm:w-10"
    >
      <span className={`size-2.5 rounded-full ${DOT[shown]}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
