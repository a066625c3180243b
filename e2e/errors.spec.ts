import { expect, test } from './fixtures';

// What a visitor sees when the server cannot be reached, and what the server keeps of it.

test('an unknown API path answers a JSON 404, never the app shell', async ({ request }) => {
  const response = await request.get('/api/definitely-not-a-route');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /api/definitely-not-a-route not found' } });
});

test('the server sends the security headers on the app shell', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  // Framed by the app itself only (the mobile check), never by another site.
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});
