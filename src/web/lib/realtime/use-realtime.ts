import { createContext, useContext } from 'react';
import type { ConnectionSnapshot } from './realtime-connection';

// The live connection's state for whoever shows it (the header's indicator) or depends on it (the
// notification list polls only while it is down). The provider is realtime-provider.tsx.

export const DISCONNECTED: ConnectionSnapshot = {
  state: 'disconnected',
  quality: 'good',
  retryCount: 0,
  lastCloseCode: null,
  latencyMs: null,
};

export const RealtimeContext = createContext<ConnectionSnapshot | null>(null);

/** Outside the provider (signed out, component tests) there is no connection: disconnected. */
export function useRealtimeStatus(): ConnectionSnapshot {
  return useContext(RealtimeContext) ?? DISCONNECTED;
}
