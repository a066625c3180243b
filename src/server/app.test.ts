import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../contracts/errors';
import { AppError } from './platform/app-error';
import { errorReportPayload } from './test-support/error-report-payload';
import { createTestApp, type TestApp } from './test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from './test-support/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses a response body as the error envelope, failing the test when it is anything else. */
function envelopeOf(body: string) {
  return errorEnvelopeSchema.strict().parse(JSON.parse(body)).error;
}

// Internals a crashing handler might carry; none of it may reach the client.
const INTERNAL_DETAIL = 'connect ECONNREFUSED 10.0.0.7:5432 password authentication failed for user "caredeck"';

/** Routes that exist only in this test, to drive the error handler with each kind of failure. */
function addFailingRoutes(app: FastifyInstance): void {
  app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    throw new Error(INTERNAL_DETAIL);
  });
  app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
    throw new AppError('CONFLICT', 'That time slot was just booked by someone else.');
  });
  app.get('/api/test/forbidden', { config: { access: 'public' } }, async () => {
    throw new AppError('FORBIDDEN', 'You may not do this.');
  });
  app.get('/api/test/invalid', { config: { access: 'public' } }, async () => {
    throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { 'address.city': 'Required' });
  });
  app.get('/api/test/unavailable', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error(`pool exhausted: ${INTERNAL_DETAIL}`), { statusCode: 503 });
  });
}

describe('the Caredeck app', () => {
  let database: TestDatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    // One database for the file; each app below migrates it (idempotently) and leaves it open.
    database = await openTestDatabase();
    t = await createTestApp({ handle: database });
    addFailingRoutes(t.app);
    await t.app.ready();
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  describe('answers every API failure with one error envelope', () => {
    it('an unknown API route is a JSON 404, not the SPA, and does not echo the query string', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/x?name=Jane%20Doe' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const error = envelopeOf(response.body);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('Route GET /api/x not found');
      expect(response.body).not.toContain('Jane');
    });

    it('a method the API path does not have is a 404 envelope too', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/error-reports' });
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response.body).code).toBe('NOT_FOUND');
    });

    it('a request that fails validation is a 400 naming each bad field by its path', async () => {
      const report = errorReportPayload();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        remoteAddress: '10.0.1.1',
        payload: { ...report, errorType: 'bogus', error: { name: 'TypeError' } },
      });
      expect(response.statusCode).toBe(400);
      const error = envelopeOf(response.body);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['error.message', 'errorType']));
    });

    it('malformed JSON is a 400 envelope', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        remoteAddress: '10.0.1.2',
        headers: { 'content-type': 'application/json' },
        payload: '{"id": "r1", "error": {',
      });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response.body).code).toBe('BAD_REQUEST');
    });

    it('a body over the route limit (32 KB for error reports) is a 413, one under it is accepted', async () => {
      const tooLarge = errorReportPayload({ additionalData: { state: 'x'.repeat(40 * 1024) } });
      const refused = await t.app.inject({ method: 'POST', url: '/api/error-reports', remoteAddress: '10.0.1.3', payload: tooLarge });
      expect(refused.statusCode).toBe(413);
      expect(envelopeOf(refused.body).code).toBe('PAYLOAD_TOO_LARGE');

      const fits = errorReportPayload({ additionalData: { state: 'x'.repeat(20 * 1024) } });
      const accepted = await t.app.inject({ method: 'POST', url: '/api/error-reports', remoteAddress: '10.0.1.3', payload: fits });
      expect(accepted.statusCode).toBe(201);
    });

    it('a text/plain body is refused with 415 instead of reaching the handler', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        remoteAddress: '10.0.1.4',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(errorReportPayload()),
      });
      expect(response.statusCode).toBe(415);
      expect(envelopeOf(response.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('a handler that throws a plain Error is a 500 with a generic message and no internals', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(envelopeOf(response.body)).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
      for (const leak of ['10.0.0.7', 'ECONNREFUSED', 'password', 'caredeck', 'stack', 'app.test']) {
        expect(response.body).not.toContain(leak);
      }
      // The request id is what support asks for; the detail is in the log under the same id.
      expect(response.headers['x-request-id']).toMatch(UUID);
    });

    it('an error that says the service is unavailable is a 503 with a generic message', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/unavailable' });
      expect(response.statusCode).toBe(503);
      expect(envelopeOf(response.body)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    });

    it.each([
      ['/api/test/conflict', 409, 'CONFLICT', 'That time slot was just booked by someone else.'],
      ['/api/test/forbidden', 403, 'FORBIDDEN', 'You may not do this.'],
    ])('an AppError from a service keeps its code and message (%s → %i)', async (url, status, code, message) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(envelopeOf(response.body)).toEqual({ code, message });
    });

    it('an AppError with fields passes them on', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/invalid' });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response.body)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { 'address.city': 'Required' },
      });
    });

    it('the 31st error report in a minute from one address is a 429; other addresses are not affected', async () => {
      const post = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/error-reports', remoteAddress, payload: errorReportPayload() });

      for (let i = 0; i < 30; i += 1) expect((await post('10.0.9.9')).statusCode).toBe(201);

      const limited = await post('10.0.9.9');
      expect(limited.statusCode).toBe(429);
      expect(envelopeOf(limited.body)).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' });
      expect(limited.headers['retry-after']).toBeDefined();

      expect((await post('10.0.9.10')).statusCode).toBe(201);
    });
  });

  describe('request ids', () => {
    it('every response carries one', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['x-request-id']).toMatch(UUID);
    });

    it('a well-formed incoming id is kept, so a request can be followed across services', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-2026.11.22_abcDEF-42' } });
      expect(response.headers['x-request-id']).toBe('lb-2026.11.22_abcDEF-42');
    });

    it.each([
      ['spaces', 'has spaces in it'],
      ['a line break', 'abcdefgh\nforged-log-line'],
      ['markup', '<script>alert(1)</script>'],
      ['too short', 'abc'],
      ['too long', 'a'.repeat(65)],
    ])('an incoming id with %s is replaced by a fresh one', async (_case, incoming) => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': incoming } });
      expect(response.headers['x-request-id']).toMatch(UUID);
    });
  });

  describe('browser protections on API responses (plain http deployment)', () => {
    it.each(['/healthz', '/api/public/config', '/api/demo/accounts', '/api/x'])(
      '%s carries CSP, nosniff, Referrer-Policy, no HSTS',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      },
    );

    it('API answers, errors included, are never cached', async () => {
      const answers = [
        await t.app.inject({ method: 'GET', url: '/api/demo/accounts' }),
        await t.app.inject({ method: 'GET', url: '/api/x' }),
        await t.app.inject({ method: 'GET', url: '/api/test/crash' }),
        await t.app.inject({ method: 'POST', url: '/api/error-reports', remoteAddress: '10.0.1.5', payload: errorReportPayload() }),
      ];
      for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
    });

    it('the public configuration is the one API answer that may be cached briefly', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
    });
  });

  describe('behind https (PUBLIC_URL https://…)', () => {
    let secure: TestApp;
    beforeAll(async () => {
      secure = await createTestApp({ handle: database, config: { publicUrl: 'https://portal.example.org' } });
    });
    afterAll(async () => {
      await secure?.close();
    });

    it('sends HSTS and asks the browser to upgrade insecure requests', async () => {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' wss:");
    });
  });

  describe('every route that carries data declares who may call it', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ handle: database });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it.each(['/api/test/undeclared', '/healthz'])('registering %s without config.access fails at once', (url) => {
      expect(() => strict.app.get(url, async () => ({ ok: true }))).toThrow(/does not declare its access \(config\.access\)/);
    });

    it('a plugin with an undeclared API route makes the server refuse to start', async () => {
      // Not awaited: the failure surfaces when the server boots, as it would in main.ts.
      void strict.app.register(async (plugin) => {
        plugin.post('/api/test/undeclared-in-plugin', async () => ({ ok: true }));
      });
      await expect(strict.app.ready()).rejects.toThrow(/POST \/api\/test\/undeclared-in-plugin does not declare its access/);
    });
  });

  describe('routes outside the API', () => {
    let plain: TestApp;
    beforeAll(async () => {
      plain = await createTestApp({ handle: database });
    });
    afterAll(async () => {
      await plain?.close();
    });

    it('need no access declaration', async () => {
      plain.app.get('/robots.txt', async (_request, reply) => reply.type('text/plain').send('User-agent: *\nDisallow: /api/\n'));
      const response = await plain.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
    });
  });
});
