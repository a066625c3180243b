import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ConnectionSnapshot, RealtimeConnection } from './realtime-connection';
import { DISCONNECTED, RealtimeContext } from './use-realtime';

// The live connection's state as the app's frame shows it. The connection itself, its frame
// validation and the features' push reactions are not needed for the first paint: the app loads
// them afterwards (RealtimeLink in realtime-provider.tsx), which hands its connection over here.

type Source = RealtimeChannel;

/** The connection itself, for a feature that speaks on it (a video visit); null while there is none. */
export const RealtimeChannelContext = createContext<RealtimeChannel | null>(null);
export type RealtimeChannel = Pick<RealtimeConnection, 'subscribe' | 'getSnapshot' | 'onMessage' | 'sendFrame'>;

/** Where the loaded part hands over its connection (null once it has closed it). */
export const RealtimeConnectionSink = createContext<(connection: Source | null) => void>(() => {});

const noSubscription = () => () => {};
const disconnected = () => DISCONNECTED;

/** Disconnected until the connection, loaded after the first paint, is handed over; then its state, as it changes. */
export function RealtimeStatusProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState<Source | null>(null);
  const snapshot: ConnectionSnapshot = useSyncExternalStore(
    connection?.subscribe ?? noSubscription,
    connection?.getSnapshot ?? disconnected,
    connection?.getSnapshot ?? disconnected,
  );
  return (
    <RealtimeConnectionSink.Provider value={setConnection}>
      <RealtimeContext.Provider value={snapshot}>
        <RealtimeChannelContext.Provider value={connection}>{children}</RealtimeChannelContext.Provider>
      </RealtimeContext.Provider>
    </RealtimeConnectionSink.Provider>
  );
}

/** The app's live connection, for a feature that sends on it; null until it is there. */
export function useRealtimeChannel(): RealtimeChannel | null {
  return useContext(RealtimeChannelContext);
}
