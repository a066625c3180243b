import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { sendBusy } from './overload';

// Load shedding (docs/decisions/016-bounded-waits-and-load-shedding.md): when the event loop lags
// or too many operations wait for a database connection, a new request is refused at once with
// 503 SERVER_BUSY and Retry-After, in its first hook, before it costs a session lookup or any other
// database work. Requests already admitted finish; the refusals stop by themselves when the
// measures drop back under their thresholds. Liveness is never shed; /readyz says "not ready" while
// shedding, so a load balancer sends the traffic to another instance.

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a new request would be shed right now, and why. */
    overloaded(): 'event-loop' | 'database' | null;
  }
}

/** Answered whatever the load: liveness, and readiness (which tells the load itself). */
const NEVER_SHED = new Set(['/healthz', '/readyz']);

function exempt(request: FastifyRequest): boolean {
  return NEVER_SHED.has(request.url.split('?')[0]!);
}

export async function registerLoadShedding(app: FastifyInstance, config: Pick<AppConfig, 'shedding'>): Promise<void> {
  const { maxEventLoopDelayMs, maxDatabaseWaiting } = config.shedding;
  let shedding = false;
  const note = (reason: string | null) => {
    if (reason && !shedding) app.log.warn({ reason }, 'shedding load: new requests are answered 503 until it drops');
    if (!reason && shedding) app.log.info('load back under the thresholds: taking requests again');
    shedding = reason !== null;
  };

  // The event loop's delay, sampled twice a second by @fastify/under-pressure. It only measures:
  // the hook below decides, so every refusal looks the same and health checks are never refused.
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: 500,
    pressureHandler: () => undefined,
  });

  const databaseCrowded = () => maxDatabaseWaiting > 0 && app.database.waiting() >= maxDatabaseWaiting;
  const overloaded = () => {
    if (maxEventLoopDelayMs > 0 && app.isUnderPressure()) return 'event-loop' as const;
    if (databaseCrowded()) return 'database' as const;
    return null;
  };
  app.decorate('overloaded', overloaded);

  // Read as each request arrives: a sampled delay and a counter, no query.
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    const reason = overloaded();
    note(reason);
    if (reason) return sendBusy(reply);
  });
}
