import { createContext, useState, type ReactNode } from 'react';
import type { ConnectionSnapshot } from './realtime-connection';
import { DISCONNECTED, RealtimeContext } from './use-realtime';

// The live connection's state as the app's frame shows it. The connection itself, its frame
// validation and the features' push reactions are not needed for the first paint: the app loads
// them afterwards (RealtimeLink in realtime-provider.tsx), and they report here.

/** Where the loaded connection reports its state. */
export const RealtimeStatusSink = createContext<(snapshot: ConnectionSnapshot) => void>(() => {});

/** Disconnected until the connection, loaded after the first paint, reports otherwise. */
export function RealtimeStatusProvider({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<ConnectionSnapshot>(DISCONNECTED);
  return (
    <RealtimeStatusSink.Provider value={setSnapshot}>
      <RealtimeContext.Provider value={snapshot}>{children}</RealtimeContext.Provider>
    </RealtimeStatusSink.Provider>
  );
}
