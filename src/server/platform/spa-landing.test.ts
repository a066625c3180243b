import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from '../test-support/test-database';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const LANDING_HTML =
  '<!doctype html><html><body><div id="root"><div data-prerendered="landing"><h1 id="hero-title">Your care, connected</h1></div></div></body></html>';

// / answers the landing page the build prerendered; every other client route keeps
// the empty index.html, which the app renders itself.
describe('serving the prerendered landing page', () => {
  let database: TestDatabaseHandle;
  let tempDir: string;
  let t: TestApp;

  beforeAll(async () => {
    tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'caredeck-landing-'));
    await fs.promises.writeFile(path.join(tempDir, 'index.html'), INDEX_HTML);
    await fs.promises.writeFile(path.join(tempDir, 'landing.html'), LANDING_HTML);
    database = await openTestDatabase();
    t = await createTestApp({ handle: database, config: { webRoot: tempDir } });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
  });

  it.each(['/', '/?utm_source=flyer'])('%s answers the prerendered hero, revalidated on every load', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<h1 id="hero-title">Your care, connected</h1>');
  });

  it.each(['/appointments', '/login', '/docs/telemedicine'])('another client route (%s) answers the empty index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.body).not.toContain('hero-title');
  });
});
