import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../contracts/live-events';

// The event bus. Domain services publish what happened and to whom it matters;
// the realtime layer subscribes and delivers each event to the sockets of exactly those users.
// In-process by default; with REDIS_URL a Redis implementation sits behind the same interface
// so an event raised on one instance reaches sockets on every instance.

/** An event and the users it concerns. Nobody else receives it. */
export interface BusEnvelope {
  recipients: readonly string[];
  event: LiveEvent;
  /**
   * Narrows delivery to the recipients' sockets that joined this topic (a video visit's call, say),
   * not every tab they have open. Without it, every socket of each recipient receives the event.
   */
  topic?: string;
}

export type BusHandler = (envelope: BusEnvelope) => void;

export interface EventBus {
  /** Resolves once the event is handed to the bus (not when it is delivered). */
  publish(envelope: BusEnvelope): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** One process: handlers run on the next tick, so a publisher never waits on a slow subscriber. */
export class MemoryEventBus implements EventBus {
  private readonly handlers = new Set<BusHandler>();

  async publish(envelope: BusEnvelope): Promise<void> {
    if (envelope.recipients.length === 0) return;
    for (const handler of this.handlers) {
      queueMicrotask(() => {
        try {
          handler(envelope);
        } catch {
          // A failing subscriber must not stop delivery to the others; it logs its own errors.
        }
      });
    }
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export function registerEvents(app: FastifyInstance, bus: EventBus = new MemoryEventBus()): void {
  app.decorate('events', bus);
  app.addHook('onClose', async () => bus.close());
}
