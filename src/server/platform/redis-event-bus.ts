import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { liveEventSchema } from '../../contracts/live-events';
import type { BusEnvelope, BusHandler, EventBus } from './events';

// The event bus across instances: every instance publishes to one Redis pub/sub
// channel and every instance (the publisher too) receives each envelope once from it, so an event
// raised on instance A reaches the sockets held by instance B. Two connections, because a Redis
// connection in subscriber mode can issue no other command. Delivery is at most once: an instance
// that is disconnected from Redis misses what was published meanwhile, like a socket that was down;
// the client catches up by refetching (its queries, the notification poll).

/** One channel per deployment; instances of another deployment must use another Redis (or db-less ACL). */
export const EVENT_CHANNEL = 'caredeck:live-events';

/** What arrives from Redis is checked like any input: another process could publish to the channel. */
const envelopeSchema = z.object({
  recipients: z.array(z.string().max(100)).max(100_000),
  event: liveEventSchema,
  topic: z.string().max(200).optional(),
});

export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Set<BusHandler>();
  private readonly ready: Promise<void>;
  private closed = false;

  constructor(
    /** The client class, passed in so that ioredis loads only in a deployment that uses Redis. */
    RedisClient: typeof Redis,
    url: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly channel: string = EVENT_CHANNEL,
  ) {
    // Commands wait while reconnecting (ioredis' offline queue); the first publish waits for the subscription.
    this.publisher = new RedisClient(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new RedisClient(url, { lazyConnect: false });
    for (const [name, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      // Without a listener ioredis prints every reconnect failure; it retries on its own.
      connection.on('error', (error: Error) => this.log.warn({ connection: name, err: error.message }, 'redis event bus connection error'));
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    this.ready = this.subscriber.subscribe(this.channel).then(() => undefined);
  }

  /** Resolves once this instance receives what is published (tests and start-up wait on it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async publish(envelope: BusEnvelope): Promise<void> {
    if (envelope.recipients.length === 0 || this.closed) return;
    await this.publisher.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    // quit() waits for pending replies; disconnect() if Redis is unreachable so close never hangs.
    await Promise.all([this.publisher, this.subscriber].map((connection) => quitOrDisconnect(connection)));
  }

  private receive(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      this.log.warn({ channel: this.channel }, 'redis event bus: dropped a message that is not JSON');
      return;
    }
    const result = envelopeSchema.safeParse(parsed);
    if (!result.success) {
      // Only the shape's problem is logged: an envelope may carry PHI in its texts.
      this.log.warn(
        { channel: this.channel, issues: result.error.issues.map((i) => i.path.join('.')) },
        'redis event bus: dropped an invalid envelope',
      );
      return;
    }
    for (const handler of this.handlers) {
      try {
        handler(result.data);
      } catch (error) {
        this.log.error({ err: error instanceof Error ? error.message : String(error) }, 'event bus subscriber failed');
      }
    }
  }
}

async function quitOrDisconnect(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}

/** How long start-up waits for the Redis subscription before failing with a message naming REDIS_URL. */
const READY_TIMEOUT_MS = 10_000;

/**
 * The bus the configuration asks for: Redis pub/sub when REDIS_URL is set (subscribed before the
 * app serves, so nothing published after start is missed), otherwise the in-process bus.
 */
export async function createEventBus(
  config: { redisUrl?: string },
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<EventBus | undefined> {
  if (!config.redisUrl) return undefined;
  const { Redis } = await import('ioredis');
  const bus = new RedisEventBus(Redis, config.redisUrl, log);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      bus.whenReady(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`REDIS_URL: no answer from Redis within ${READY_TIMEOUT_MS / 1000} s`)),
          READY_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await bus.close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return bus;
}
