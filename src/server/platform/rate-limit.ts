import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

// Per-route request limits (@fastify/rate-limit). With REDIS_URL the counters live in Redis, so a
// limit means the same behind a load balancer as on one machine (the app server keeps no state of
// its own, docs/architecture.md); without it each process counts for itself.

/**
 * The counter a request counts against: its client's address. A connection that closed before the
 * limit was checked has no address any more (Node forgets it); its request is abandoned anyway, so
 * it counts against one shared key instead of failing inside the limiter.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const address = request.ip;
  return typeof address === 'string' && address !== '' ? normalizeIP(address) : 'connection-closed';
}

/** Every instance of one deployment shares this key prefix, and so its counters. */
export const RATE_LIMIT_NAMESPACE = 'caredeck-rate-limit:';

export async function registerRateLimit(app: FastifyInstance, config: Pick<AppConfig, 'redisUrl'>): Promise<void> {
  const redis = config.redisUrl
    ? // Commands wait for the first connection; in an outage they fail after one retry and
      // skipOnError below lets the request through rather than refusing everyone.
      // (The client loads only when a deployment uses Redis.)
      new (await import('ioredis')).Redis(config.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ code: (error as { code?: string }).code }, 'rate-limit store unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  // Per-route limits only: a global limit would also throttle the WebSocket upgrade.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    ...(redis ? { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
}
