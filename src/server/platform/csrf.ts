import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accessOf } from './access';
import { AppError } from './app-error';
import { randomToken, safeEqual } from './tokens';

// CSRF protection for every unsafe method: the browser fetches a token from
// GET /api/csrf-token and sends it as X-CSRF-Token. Signed in, the token is the session's own
// (stored with the session, so sign-in changes it). Before sign-in (login, registration, password
// reset) it is the value of an httpOnly cookie (double submit). Either way a cross-site page can make
// the browser send cookies but cannot read the token, so it cannot forge the header.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route accepts unsafe methods without a CSRF token (only for routes that change no user's state). */
    csrf?: false;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'x-csrf-token';

export function csrfCookieName(secure: boolean): string {
  // __Host- binds the cookie to this exact origin over HTTPS: no subdomain can plant one.
  return secure ? '__Host-caredeck-csrf' : 'caredeck-csrf';
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The part of the check that needs no database, run before the session lookup: an unsafe request
 * without a well-formed token is refused at once. A caller with no session cookie at all on a route
 * for signed-in users is left to the access check, which answers 401 without a lookup either.
 */
export function registerCsrfPrecheck(app: FastifyInstance, hasSessionCookie: (request: FastifyRequest) => boolean): void {
  app.addHook('preValidation', async (request) => {
    if (!UNSAFE.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (typeof header === 'string' && TOKEN_SHAPE.test(header)) return;
    if (!hasSessionCookie(request) && accessOf(request) !== 'public') return;
    throw new AppError('CSRF_INVALID', 'Your security token is missing or out of date. Please reload the page and try again.');
  });
}

export async function registerCsrf(app: FastifyInstance, publicUrl: string): Promise<void> {
  const secure = publicUrl.startsWith('https:');
  const cookieName = csrfCookieName(secure);

  app.addHook('preValidation', async (request: FastifyRequest) => {
    // Unknown routes answer 404 whatever the token; exempt routes change no one's data.
    if (!UNSAFE.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.csrf === false) return;
    const expected = request.session ? request.session.csrfToken : request.cookies[cookieName];
    const header = request.headers[CSRF_HEADER];
    if (!expected || typeof header !== 'string' || !safeEqual(expected, header)) {
      throw new AppError('CSRF_INVALID', 'Your security token is missing or out of date. Please reload the page and try again.');
    }
  });

  app.get(
    '/api/csrf-token',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ csrfToken: z.string() }) } } },
    async (request, reply) => {
      if (request.session) return { csrfToken: request.session.csrfToken };
      let token = request.cookies[cookieName];
      if (!token || !TOKEN_SHAPE.test(token)) {
        token = randomToken();
        reply.setCookie(cookieName, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      }
      return { csrfToken: token };
    },
  );
}
