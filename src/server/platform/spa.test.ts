import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from '../test-support/test-database';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("caredeck");';

describe('serving the web app', () => {
  let database: TestDatabaseHandle;
  let tempDir: string;
  let t: TestApp;

  beforeAll(async () => {
    // A built SPA as Vite lays it out, and a file beside it that must never be reachable.
    tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'caredeck-spa-'));
    const webRoot = path.join(tempDir, 'web');
    await fs.promises.mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await fs.promises.writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
    await fs.promises.writeFile(path.join(webRoot, 'assets', 'app-abc.js'), APP_JS);
    // The copies scripts/compress-web.mjs writes at build time.
    for (const file of [path.join(webRoot, 'index.html'), path.join(webRoot, 'assets', 'app-abc.js')]) {
      const content = await fs.promises.readFile(file);
      await fs.promises.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
      await fs.promises.writeFile(`${file}.gz`, zlib.gzipSync(content));
    }
    await fs.promises.writeFile(path.join(tempDir, 'secret.txt'), 'TOP-SECRET');

    database = await openTestDatabase();
    t = await createTestApp({ handle: database, config: { webRoot } });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
  });

  it.each(['/', '/appointments', '/docs/telemedicine', '/shared/medication/tok123', '/login?next=%2Fappointments', '/doctor-portal/'])(
    'a client route (%s) answers index.html, revalidated on every load',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      // A share link's page holds its token in the URL: never stored, never sent on as a referrer.
      const shareLink = url.startsWith('/shared/');
      expect(response.headers['cache-control']).toBe(shareLink ? 'no-store' : 'no-cache');
      if (shareLink) expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('sends the Brotli or gzip copy the build wrote when the browser accepts it, else the file itself', async () => {
    const asset = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_JS);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    // A reloaded client route too: the app shell is the first thing a visitor downloads.
    const shell = await t.app.inject({ method: 'GET', url: '/appointments', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(shell.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('index.html carries the browser protections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/appointments' });
    const csp = String(response.headers['content-security-policy']);
    // Framed by the app itself only (the mobile check), never by another site.
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('a hashed asset is served and cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(APP_JS);
  });

  it('a missing asset is a 404, not index.html (a stale bundle must fail loudly)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect(response.body).not.toContain('<html');
  });

  it('an unknown API route is a JSON 404, never the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/anything' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /api/anything not found' } });
  });

  it.each(['/../secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt'])(
    'a path that climbs out of the web root (%s) reaches nothing outside it',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('TOP-SECRET');
    },
  );

  describe('without a built web app (API-only deployment)', () => {
    let apiOnly: TestApp;
    beforeAll(async () => {
      apiOnly = await createTestApp({ handle: database });
    });
    afterAll(async () => {
      await apiOnly?.close();
    });

    it('a client route is a JSON 404', async () => {
      const response = await apiOnly.app.inject({ method: 'GET', url: '/appointments' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /appointments not found' } });
    });
  });
});
