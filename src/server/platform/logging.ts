import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

// No PHI in logs (DESIGN.md, SECURITY.md V16): requests are logged by method and path only. The
// query string can hold search text or names, and bodies are never logged.
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
