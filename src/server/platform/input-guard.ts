import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { envelope } from './errors';

// Input no route is written to expect is refused before validation, for every route at once:
// control characters in any string or key of the path, query or body (PostgreSQL cannot store NUL
// in text, and terminals and CSV readers act on the others), JSON nested deeper than any request
// needs, and addresses whose percent-encoding decodes to no text. Each answers 400 with a message.

/** Deeper than any request body of ours (a few levels); deep enough for free-form JSON. */
export const MAX_JSON_DEPTH = 32;

/** C0 controls and DEL, except tab, line feed and carriage return, which free text may hold. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** A key named in an answer with its control characters shown as "?". */
function printable(text: string): string {
  return Array.from(text, (char) => (hasControlCharacter(char) ? '?' : char)).join('');
}

/** The path of the first string or key holding a control character, or undefined. */
export function controlCharacterAt(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH + 1) return undefined;
  // Bytes (a file's content) are not text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = controlCharacterAt(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, printable(key)];
    const found = controlCharacterAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** How deeply arrays and objects nest in a JSON text (strings skipped), stopping once past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

function badRequest(message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }) as FastifyError;
}

/** JSON bodies parsed as before (prototype poisoning refused), but no deeper than MAX_JSON_DEPTH. */
function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(badRequest('The request is nested too deeply.'), undefined);
    parse(request, text, done);
  });
}

/** Where a part of the request is named in a validation answer: body fields bare, others prefixed (as errors.ts does). */
function fieldName(part: 'params' | 'querystring' | 'body', path: string[]): string {
  if (part === 'body') return path.join('.') || '_';
  return [part, ...path].join('.');
}

export function registerInputGuard(app: FastifyInstance): void {
  registerJsonParser(app);
  // Runs after the access and CSRF checks (registered later than both), before schema validation.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.is404) return;
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = controlCharacterAt(value);
      if (path) {
        throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { [fieldName(part, path)]: 'text.invalidCharacters' });
      }
    }
  });
}

/**
 * Fastify's own refusals before routing, in the one error envelope: an address whose encoding
 * decodes to no text, or a path parameter over the router's length, is the caller's (400), and
 * its text is not echoed.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(400).send(envelope('BAD_REQUEST', 'The address of this request could not be read.'));
    return;
  }
  request.log.error({ code: error.code }, 'framework error');
  void reply.code(500).send(envelope('INTERNAL', 'Something went wrong on our side. Please try again.'));
}
