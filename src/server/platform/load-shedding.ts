import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { sendBusy } from './overload';

// Load shedding (docs/decisions/016-bounded-waits-and-load-shedding.md): when the event loop lags
// or the database's queue stands (its head has waited too long, or too many wait), a new request
// is refused at once with 503 SERVER_BUSY and Retry-After, in its first hook, before it costs a
// session lookup or any other database work. Requests already admitted finish; the refusals stop by themselves when the
// measures drop back under their thresholds. Liveness is never shed; /readyz says "not ready" while
// shedding, so a load balancer sends the traffic to another instance.

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a new request would be shed right now, and why. */
    overloaded(): 'event-loop' | 'database' | null;
  }
}

const SAMPLE_INTERVAL_MS = 500;

/** Answered whatever the load: liveness, and readiness (which tells the load itself). */
const NEVER_SHED = new Set(['/healthz', '/readyz']);

/**
 * Liveness and readiness, and everything outside the API and the live connection: the app's files
 * and pages are read from memory or disk and cost the database nothing, and refusing them would
 * break a page half-loaded instead of easing the load.
 */
function exempt(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (NEVER_SHED.has(path)) return true;
  return !path.startsWith('/api/') && path !== '/ws' && !path.startsWith('/ws/') && !path.startsWith('/ws?');
}

export async function registerLoadShedding(app: FastifyInstance, config: Pick<AppConfig, 'shedding'>): Promise<void> {
  const { maxEventLoopDelayMs, maxDatabaseWaiting, maxDatabaseWaitMs } = config.shedding;
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
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler: () => undefined,
  });

  // PostgreSQL: shed while the request at the head of the pool's queue has waited longer than
  // `maxDatabaseWaitMs`, or while more than five times the pool waits at once (a burst the pool
  // cannot drain in time whatever each wait is). A long queue that moves in milliseconds is not
  // overload: a closed loop of 32 clients on a pool of 10 keeps twenty requests waiting about ten
  // milliseconds each, and refusing them would only turn served requests into 503s. The embedded
  // database counts statements instead, each answered in well under a millisecond.
  const databaseLimit = maxDatabaseWaiting ?? (app.database.driver === 'pglite' ? 100 : 50);
  const waitLimitMs = maxDatabaseWaitMs ?? 100;
  const databaseCrowded = () =>
    (databaseLimit > 0 && app.database.waiting() >= databaseLimit) ||
    (waitLimitMs > 0 && (app.database.oldestWaitMs?.() ?? 0) >= waitLimitMs);
  // Start-up's own work (migrations, the demo seed on the embedded database) holds the event loop
  // for seconds; the first sample after it reports that lag, which is not load. Lag counts once a
  // whole sample has been taken after the server became ready.
  let lagCountsFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    lagCountsFrom = performance.now() + 2 * SAMPLE_INTERVAL_MS;
  });
  const lagging = () => maxEventLoopDelayMs > 0 && performance.now() >= lagCountsFrom && app.isUnderPressure();
  const overloaded = () => {
    if (lagging()) return 'event-loop' as const;
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
