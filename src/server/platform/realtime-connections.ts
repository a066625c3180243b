import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

// The open sockets of this instance, by user and by session: delivery looks up a user's sockets,
// sign-out and the session sweep look up a session's. Nothing here is shared between instances;
// the event bus carries events to every instance, and each delivers to the sockets it holds.

export interface RealtimeClient {
  socket: WebSocket;
  /** The connection under the socket: delivery writes pre-built frames to it (realtime.ts). */
  wire: Duplex;
  userId: string;
  sessionId: string;
  /** Answered our last protocol-level ping (dead TCP connections are found by the heartbeat). */
  alive: boolean;
  /** The topics this socket joined: envelopes for a topic reach only the sockets that joined it. */
  topics: Set<string>;
}

export class ConnectionRegistry {
  private readonly byUser = new Map<string, Set<RealtimeClient>>();
  private readonly bySession = new Map<string, Set<RealtimeClient>>();

  add(client: RealtimeClient): void {
    addTo(this.byUser, client.userId, client);
    addTo(this.bySession, client.sessionId, client);
  }

  remove(client: RealtimeClient): void {
    removeFrom(this.byUser, client.userId, client);
    removeFrom(this.bySession, client.sessionId, client);
  }

  ofUser(userId: string): ReadonlySet<RealtimeClient> | undefined {
    return this.byUser.get(userId);
  }

  ofSession(sessionId: string): RealtimeClient[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  sessionIds(): string[] {
    return [...this.bySession.keys()];
  }

  all(): RealtimeClient[] {
    return [...this.bySession.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }
}

function addTo(map: Map<string, Set<RealtimeClient>>, key: string, client: RealtimeClient): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(client);
}

function removeFrom(map: Map<string, Set<RealtimeClient>>, key: string, client: RealtimeClient): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(client);
  if (set.size === 0) map.delete(key);
}
