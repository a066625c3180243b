import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS, type ErrorEnvelope } from '../../contracts/errors';
import { isDatabaseBusy } from '../db/client';

// What the server does when it cannot keep up (docs/decisions/016-bounded-waits-and-load-shedding.md):
// every wait ends, the answer is a quick 503 SERVER_BUSY with Retry-After, and work for a client
// that has gone is dropped before it reaches the database.

/** The request's client has gone (or its time is up): what it would start now is abandoned. */
export class RequestAbandonedError extends Error {
  constructor() {
    super('The client is gone or the request ran out of time; its work was abandoned');
    this.name = 'RequestAbandonedError';
  }
}

/** Fastify's error when a request is not answered within REQUEST_TIMEOUT_MS. */
const HANDLER_TIMEOUT = 'FST_ERR_HANDLER_TIMEOUT';

/**
 * Whether nobody waits for this request's answer any more: its connection is closed, or its time
 * ran out and the 503 has been sent. (The request's abort signal alone cannot tell: it also fires
 * when a request body has been read.)
 */
export function isAbandoned(request: FastifyRequest): boolean {
  if (request.raw.socket?.destroyed === true) return true;
  const signal = request.signal;
  return signal.aborted && (signal.reason as { code?: unknown } | undefined)?.code === HANDLER_TIMEOUT;
}

/** Whether `error` means "too busy now, try again shortly" rather than a fault. */
export function isOverload(error: unknown): boolean {
  return isDatabaseBusy(error) || (error as { code?: unknown } | null)?.code === HANDLER_TIMEOUT;
}

export const BUSY_ENVELOPE: ErrorEnvelope = {
  error: { code: 'SERVER_BUSY', message: 'The service is very busy. Nothing was changed; please try again in a few seconds.' },
};

/** The one quick answer for a request the server will not do now. */
export function sendBusy(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(BUSY_ENVELOPE);
}

/**
 * Every route's handler is wrapped once: when its answer has already gone (the request ran out of
 * time and got its 503), what the handler still returns or throws is dropped quietly instead of
 * being sent twice or logged as an unhandled error.
 */
export function registerLateWorkGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    const handler = options.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    options.handler = async function guarded(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      try {
        const result = await handler.call(this, request, reply);
        return reply.sent ? undefined : result;
      } catch (error) {
        if (!reply.sent) throw error;
        if (error instanceof RequestAbandonedError || isOverload(error)) return undefined;
        request.log.warn({ err: error }, 'failed after its answer had been sent');
        return undefined;
      }
    };
  });
}
