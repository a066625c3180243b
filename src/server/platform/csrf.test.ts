import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { errorReportPayload } from '../test-support/error-report-payload';

// A page on another site can make the browser send our cookies, but it cannot read our answers.
// So every unsafe request must carry the token that only our own pages could read.

function cookieHeader(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (first ?? '').split(';')[0]!;
}

describe('CSRF protection', () => {
  let t: TestApp;
  let changes = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // A state-changing route standing in for every later one (they all inherit the same hook).
    t.app.post('/api/__test/change', { config: { access: 'public' } }, async () => {
      changes += 1;
      return { changed: true };
    });
  });
  afterAll(() => t.close());

  it('issues a token in an httpOnly, SameSite=Lax cookie and answers the same token while the cookie lives', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(first.statusCode).toBe(200);
    const token = first.json<{ csrfToken: string }>().csrfToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain('caredeck-csrf=');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // plain http in this test

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: { cookie: cookieHeader(first.headers['set-cookie']) },
    });
    expect(again.json<{ csrfToken: string }>().csrfToken).toBe(token);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unsafe request without the token, with a wrong token, or without the cookie, and changes nothing', async () => {
    const issued = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    const cookie = cookieHeader(issued.headers['set-cookie']);
    const token = issued.json<{ csrfToken: string }>().csrfToken;
    const before = changes;

    const attempts = [
      { cookie }, // no header: what a cross-site form post looks like
      { cookie, 'x-csrf-token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      { 'x-csrf-token': token }, // header without its cookie
      { cookie: 'caredeck-csrf=forged-value', 'x-csrf-token': 'forged-value-of-other-length' },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({ method: 'POST', url: '/api/__test/change', headers, payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'CSRF_INVALID', message: expect.any(String) } });
    }
    expect(changes).toBe(before);

    const ok = await t.app.inject({ method: 'POST', url: '/api/__test/change', headers: { cookie, 'x-csrf-token': token }, payload: {} });
    expect(ok.statusCode).toBe(200);
    expect(changes).toBe(before + 1);
  });

  it('answers an unknown unsafe route with 404, not a token error', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('lets error reports through without a token: reporting must work when the rest of the app does not', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/error-reports', payload: errorReportPayload() });
    expect(response.statusCode).toBe(201);
  });
});

describe('CSRF cookie under HTTPS', () => {
  it('uses the __Host- prefix and the Secure flag', async () => {
    const t = await createTestApp({ config: { publicUrl: 'https://portal.example.org' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-caredeck-csrf=/);
      expect(setCookie).toMatch(/Secure/i);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Domain=/i);
    } finally {
      await t.close();
    }
  });
});
