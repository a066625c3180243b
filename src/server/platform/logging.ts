import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

// No PHI in logs: requests are logged by method and path only. The query string can hold search
// text or names, and bodies are never logged.
export function pathOnly(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Share-link tokens travel in the path (/shared/medication/{token}): a log keeps the path, never the token. */
export function redactTokens(path: string): string {
  return path.replace(/(\/shared\/[a-z-]+\/)[^/?#]+/gi, '$1[token]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, path: redactTokens(pathOnly(request.url)), id: request.id };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/** A request slower than this is worth an operator's attention even at the default log level. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, written when it is answered: at debug normally, at warn when it was slow.
 * (Fastify's own two lines per request at info would bury everything else.) Failures are logged
 * where they happen, by the error handler, at error.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const slow = ms >= SLOW_REQUEST_MS;
    if (!slow && app.log.level !== 'debug' && app.log.level !== 'trace') return;
    const line = { req: request, res: reply, ms };
    if (slow) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
  });
}
