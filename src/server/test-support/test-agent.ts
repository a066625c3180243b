import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sessionCookieName } from '../platform/session';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser stand-in for integration tests: keeps cookies between requests and sends the CSRF
 * token before unsafe methods, the way the web client does. `signInAs` starts a real session
 * through the session store, for tests whose subject is not sign-in itself.
 */
export class TestAgent {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(sessionCookieName(this.app.config.publicUrl.startsWith('https:')));
  }

  /** Replaces the session cookie (for example with a token stolen from another browser). */
  setSessionToken(token: string): void {
    this.cookies.set(sessionCookieName(this.app.config.publicUrl.startsWith('https:')), token);
    this.csrfToken = undefined;
  }

  /** Sets a cookie as if the server had set it before (a device cookie carried to another network, say). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
    this.csrfToken = undefined;
  }

  async signInAs(userId: string): Promise<void> {
    const { token } = await this.app.sessions.create(userId, { ip: this.remoteAddress, userAgent: 'test-agent' });
    this.setSessionToken(token);
  }

  /** Forget the cached CSRF token (the server issues a new one with each new session). */
  resetCsrf(): void {
    this.csrfToken = undefined;
  }

  async fetchCsrfToken(): Promise<string> {
    const response = await this.request('GET', '/api/csrf-token');
    this.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    return this.csrfToken;
  }

  get(url: string, options: Partial<InjectOptions> = {}) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, payload?: unknown, options: Partial<InjectOptions> = {}) {
    return this.request('POST', url, payload ?? {}, options);
  }
  put(url: string, payload?: unknown, options: Partial<InjectOptions> = {}) {
    return this.request('PUT', url, payload ?? {}, options);
  }
  patch(url: string, payload?: unknown, options: Partial<InjectOptions> = {}) {
    return this.request('PATCH', url, payload ?? {}, options);
  }
  delete(url: string, options: Partial<InjectOptions> = {}) {
    return this.request('DELETE', url, undefined, options);
  }

  async request(method: Method, url: string, payload?: unknown, options: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (method !== 'GET' && !('x-csrf-token' in headers)) {
      headers['x-csrf-token'] = this.csrfToken ?? (await this.fetchCsrfToken());
    }
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader && !('cookie' in headers)) headers.cookie = cookieHeader;
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      ...options,
      headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    this.storeCookies(response);
    // Like a person who reads their mail after the page answered: work the request left running
    // (a reset mail, for one) has finished before the test looks.
    await this.app.background?.idle();
    return response;
  }

  private storeCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' || (cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now()) || cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
      // A new session brings a new CSRF token.
      if (cookie.name.includes('session')) this.csrfToken = undefined;
    }
  }
}
