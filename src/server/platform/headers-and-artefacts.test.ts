import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login, sessionSetCookie, type TestAccount } from '../modules/auth/testing';
import { captureLogs } from '../test-support/log-capture';
import { TestAgent } from '../test-support/test-agent';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CSP_REPORTS_PER_MINUTE } from './security-headers';

// What the server sends besides its answers (docs/product.md, sign-in and sessions; security
// headers): a content security policy that lets the page talk only to its own origin, a place for
// the browser to report what the policy blocked, no source maps, a session cookie that dies with the
// browser, and no password from the public lists of common ones.

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-abc.js"></script></head><body></body></html>';

describe('headers and artefacts', () => {
  let t: TestApp;
  let tempDir: string;
  let account: TestAccount;
  const logs = captureLogs();
  let address = 0;
  const browser = () => new TestAgent(t.app, `10.13.8.${++address}`);

  beforeAll(async () => {
    tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'caredeck-artefacts-'));
    const webRoot = path.join(tempDir, 'web');
    await fs.promises.mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await fs.promises.writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
    await fs.promises.writeFile(path.join(webRoot, 'assets', 'app-abc.js'), 'console.log(1);\n//# sourceMappingURL=app-abc.js.map');
    await fs.promises.writeFile(path.join(webRoot, 'assets', 'app-abc.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    t = await createTestApp({ config: { webRoot, logLevel: 'info' }, logStream: logs.stream });
    account = await createAccount(t.db.db, { role: 'patient' });
  });
  afterAll(async () => {
    await t?.close();
    if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
  });

  describe('content security policy', () => {
    it('lets the page connect to its own origin only, WebSocket included', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
      const origin = new URL(t.app.config.publicUrl);
      expect(connect).toEqual(["'self'", `ws://${origin.host}`]);
      expect(csp).toMatch(/report-uri \/api\/csp-report/);
    });

    it('allows scripts and styles from files of its own origin only, nothing inline', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(/(?:^|; ?)script-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual(["'self'"]);
      expect(/(?:^|; ?)style-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe-inline');
    });

    it('takes violation reports, logs the blocked directive without the page’s address or query', async () => {
      const report = {
        'csp-report': {
          'document-uri': 'http://localhost/patients/7?name=Ingrid%20Holm&dob=1975-09-02',
          'violated-directive': 'style-src-elem',
          'effective-directive': 'style-src-elem',
          'blocked-uri': 'inline',
          'source-file': 'http://localhost/assets/app-abc.js?token=abc',
          'line-number': 12,
        },
      };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/csp-report',
        remoteAddress: '10.13.9.1',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify(report),
      });
      expect(response.statusCode).toBe(204);
      const logged = logs.lines().filter((line) => line.includes('content security policy'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('style-src-elem');
      for (const phi of ['Ingrid', 'Holm', '1975-09-02', '/patients/7', 'token=abc']) expect(logged[0]).not.toContain(phi);
    });

    it('refuses a large report body and limits how often one address may report', async () => {
      const big = await t.app.inject({
        method: 'POST',
        url: '/api/csp-report',
        remoteAddress: '10.13.9.2',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'x'.repeat(20_000) } }),
      });
      expect(big.statusCode).toBe(413);
      const statuses: number[] = [];
      for (let i = 0; i <= CSP_REPORTS_PER_MINUTE; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/csp-report',
          remoteAddress: '10.13.9.3',
          headers: { 'content-type': 'application/reports+json' },
          payload: JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'img-src' } }]),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses[0]).toBe(204);
      expect(statuses.at(-2)).toBe(204);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  it('serves no source map', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('sets the session cookie for the browser session only (no Expires, no Max-Age)', async () => {
    const response = await login(browser(), { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    const cookie = sessionSetCookie(response)!;
    expect(cookie).toBeDefined();
    expect(cookie.expires).toBeUndefined();
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.httpOnly).toBe(true);
  });

  describe('common passwords (the 100,000 most common)', () => {
    // Each strong by the rules (length, letters of both cases, digits, other characters), and each
    // among the most common passwords anyway.
    const COMMON = ['L58jkdjP!', '!QAZ2wsx', 'Mailcreated5240'];

    it('refuses them at registration', async () => {
      for (const password of COMMON) {
        const response = await browser().post('/api/patients/register', {
          firstName: 'Ada',
          lastName: 'Quist',
          email: `common.${Date.now()}.${password.length}@artefacts.test`,
          password,
          phone: '+1 555 010 2233',
          dateOfBirth: '1990-02-11',
          gender: 'female',
          address: '12 Elm Street, Springfield, IL 62701',
        });
        expect(response.statusCode, password).toBe(400);
        // A code of its own: the registration screen words it, since the browser cannot know the long list.
        expect(response.json()).toMatchObject({ error: { code: 'PASSWORD_TOO_COMMON', fields: { password: expect.any(String) } } });
      }
    });

    it('refuses them at a password change', async () => {
      const agent = browser();
      await agent.signInAs(account.user.id);
      for (const password of COMMON) {
        const response = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: password });
        expect(response.statusCode, password).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { newPassword: expect.any(String) } } });
      }
    });
  });
});
