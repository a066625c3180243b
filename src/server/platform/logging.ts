import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

// No PHI in logs: requests are logged by method and path only. The query string can hold search
// text or names, and bodies are never logged. Errors are logged without SQL, parameters or a
// database's own message (serializeError).
export function pathOnly(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Share-link tokens travel in the path (/shared/medication/{token}): a log keeps the path, never the token. */
export function redactTokens(path: string): string {
  return path.replace(/(\/shared\/[a-z-]+\/)[^/?#]+/gi, '$1[token]');
}

type ErrorLike = Error & Record<string, unknown>;

/**
 * A database error, from the driver or the query builder: its message quotes the SQL and its
 * parameters (names, dates of birth), or the value it refused.
 */
function isDatabaseError(error: ErrorLike): boolean {
  if ('query' in error || 'params' in error) return true;
  if (error.name === 'DrizzleQueryError' || error.name === 'DatabaseError') return true;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && ('severity' in error || 'routine' in error);
}

/** The call sites of a stack, without its first line (which repeats the message). */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.join('\n') : undefined;
}

const DATABASE_FIELDS = ['severity', 'table', 'column', 'constraint', 'routine'] as const;

/**
 * What a log keeps of an error: its kind, code and call sites, and its message unless it comes
 * from the database, whose messages carry SQL, parameters and refused values. A database error
 * is logged by its SQLSTATE and the names of what it concerns, never by its text.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return typeof value === 'string' ? value.slice(0, 500) : value === undefined ? undefined : typeof value;
  const error = value as ErrorLike;
  const database = isDatabaseError(error);
  const out: Record<string, unknown> = { type: error.name || 'Error' };
  if (typeof error.code === 'string' || typeof error.code === 'number') out.code = error.code;
  if (typeof error.statusCode === 'number') out.statusCode = error.statusCode;
  if (database) {
    for (const field of DATABASE_FIELDS) if (typeof error[field] === 'string') out[field] = error[field];
  } else {
    out.message = error.message.slice(0, 1000);
  }
  const stack = framesOf(error.stack);
  if (stack) out.stack = stack;
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
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
      err: (error: unknown) => serializeError(error),
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
