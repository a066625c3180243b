import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  apiUrl,
  defaultQueryFn,
  beforeSessionEnds,
  endingSession,
  isServerBusy,
  isSessionEnding,
  replacingSession,
  resetCsrfToken,
  retryAfterMs,
  setMfaEnrolmentHandler,
  setServerBusyHandler,
  setSessionRejectedHandler,
  SIGN_OUT_STEP_LIMIT_MS,
} from './api-client';
import { initI18n } from './i18n';

// The network is the boundary: fetch is replaced, everything else is real.

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

let fetchMock: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

function route(handler: Handler) {
  fetchMock = vi.fn(async (input: string, init: RequestInit) => handler(input, init));
  vi.stubGlobal('fetch', fetchMock);
}

function calls(url: string, method?: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && (method === undefined || (init.method ?? 'GET') === method));
}

function header(init: RequestInit, name: string): string | null {
  return new Headers(init.headers).get(name);
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetCsrfToken();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiUrl', () => {
  it('prefixes /api once', () => {
    expect(apiUrl('/doctors')).toBe('/api/doctors');
    expect(apiUrl('doctors')).toBe('/api/doctors');
    expect(apiUrl('/api/doctors')).toBe('/api/doctors');
    expect(apiUrl('/apiary')).toBe('/api/apiary');
  });
});

describe('api requests', () => {
  it('GETs under /api with cookies and returns the parsed JSON', async () => {
    route(() => json({ data: [{ id: 'd1' }] }));
    await expect(api.get('/doctors')).resolves.toEqual({ data: [{ id: 'd1' }] });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/doctors');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(header(init, 'X-CSRF-Token')).toBeNull();
  });

  it('returns undefined for 204 No Content', async () => {
    route((url) => (url === '/api/csrf-token' ? json({ csrfToken: 't' }) : new Response(null, { status: 204 })));
    await expect(api.delete('/notifications/n1')).resolves.toBeUndefined();
  });

  it('refuses a non-JSON answer, naming its status', async () => {
    route(() => new Response('<!doctype html><html></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await api.get('/doctors').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      'Server returned HTML instead of JSON. Status: 502. This usually indicates a routing or authentication issue.',
    );
    expect((error as ApiError).status).toBe(502);
  });

  it('refuses an HTML answer even with status 200 (the SPA fallback answering an API path)', async () => {
    route(() => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(api.get('/doctors')).rejects.toThrow('Server returned HTML instead of JSON. Status: 200.');
  });

  it("raises the server's error message with status, code and fields", async () => {
    route(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please correct the highlighted fields',
            fields: { 'address.city': 'City is required' },
          },
        },
        400,
      ),
    );
    const error = (await api.get('/patients').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Please correct the highlighted fields');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ 'address.city': 'City is required' });
  });

  it('accepts a plain string error too', async () => {
    route(() => json({ error: 'Login failed' }, 401));
    await expect(api.get('/auth/session')).rejects.toMatchObject({ message: 'Login failed', status: 401 });
  });

  it('says "An error occurred" when a non-OK JSON answer carries no message', async () => {
    route(() => json({ error: { code: 'INTERNAL' } }, 500));
    await expect(api.get('/doctors')).rejects.toMatchObject({ message: 'An error occurred', status: 500, code: 'INTERNAL' });

    route(() => json({}, 503));
    await expect(api.get('/doctors')).rejects.toMatchObject({ message: 'An error occurred', status: 503 });
  });

  it('reads "{status}: {body}" when the JSON cannot be parsed', async () => {
    route(() => new Response('{"data": [', { status: 500, headers: { 'content-type': 'application/json' } }));
    await expect(api.get('/doctors')).rejects.toMatchObject({ message: '500: {"data": [', status: 500 });
  });

  it('turns a fetch rejection into an ApiError with status 0', async () => {
    route(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await api.get('/doctors').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK');
    expect(error.message).not.toBe('');
  });
});

describe('CSRF protection', () => {
  function csrfServer(tokens: string[], answer: (url: string, init: RequestInit) => Response) {
    let next = 0;
    route((url, init) => {
      if (url === '/api/csrf-token') return json({ csrfToken: tokens[Math.min(next++, tokens.length - 1)] });
      return answer(url, init);
    });
  }

  it.each(['post', 'put', 'patch', 'delete'] as const)('%s fetches a token first and sends it in X-CSRF-Token', async (method) => {
    csrfServer(['tok-1'], () => json({ ok: true }));
    await api[method]('/user/settings');

    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/csrf-token',
      `${method.toUpperCase()} /api/user/settings`,
    ]);
    const [, init] = fetchMock.mock.calls[1]!;
    expect(header(init, 'X-CSRF-Token')).toBe('tok-1');
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('include');
  });

  it('fetches the token once and reuses it', async () => {
    csrfServer(['tok-1', 'tok-2'], () => json({ ok: true }));
    await api.post('/auth/logout');
    await api.put('/user/settings', { theme: 'dark' });
    await api.get('/doctors');

    expect(calls('/api/csrf-token')).toHaveLength(1);
    expect(header(calls('/api/auth/logout', 'POST')[0]![1], 'X-CSRF-Token')).toBe('tok-1');
    const [, put] = calls('/api/user/settings', 'PUT')[0]!;
    expect(header(put, 'X-CSRF-Token')).toBe('tok-1');
    expect(header(put, 'content-type')).toBe('application/json');
    expect(put.body).toBe(JSON.stringify({ theme: 'dark' }));
  });

  it('on CSRF_INVALID fetches a fresh token and retries once', async () => {
    let attempts = 0;
    csrfServer(['stale', 'fresh'], () =>
      ++attempts === 1 ? json({ error: { code: 'CSRF_INVALID', message: 'Invalid CSRF token' } }, 403) : json({ saved: true }),
    );
    await expect(api.post('/notifications/mark-all-read', { userId: 'u1' })).resolves.toEqual({ saved: true });

    const posts = calls('/api/notifications/mark-all-read', 'POST');
    expect(posts).toHaveLength(2);
    expect(header(posts[0]![1], 'X-CSRF-Token')).toBe('stale');
    expect(header(posts[1]![1], 'X-CSRF-Token')).toBe('fresh');
    expect(calls('/api/csrf-token')).toHaveLength(2);
  });

  it('retries exactly once: a second CSRF_INVALID is raised', async () => {
    csrfServer(['a', 'b', 'c'], () => json({ error: { code: 'CSRF_INVALID', message: 'Invalid CSRF token' } }, 403));
    await expect(api.post('/auth/logout')).rejects.toMatchObject({ status: 403, code: 'CSRF_INVALID', message: 'Invalid CSRF token' });
    expect(calls('/api/auth/logout', 'POST')).toHaveLength(2);
    expect(calls('/api/csrf-token')).toHaveLength(2);
  });

  it('does not retry other 403 answers', async () => {
    csrfServer(['tok'], () => json({ error: { code: 'FORBIDDEN', message: 'Not allowed' } }, 403));
    await expect(api.delete('/notifications/n1')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(calls('/api/notifications/n1', 'DELETE')).toHaveLength(1);
    expect(calls('/api/csrf-token')).toHaveLength(1);
  });

  it('fetches a new token after resetCsrfToken', async () => {
    csrfServer(['before', 'after'], () => json({}));
    await api.post('/auth/login', { email: 'a@b.c', password: 'secret' });
    resetCsrfToken();
    await api.post('/auth/logout');
    expect(calls('/api/csrf-token')).toHaveLength(2);
    expect(header(calls('/api/auth/logout', 'POST')[0]![1], 'X-CSRF-Token')).toBe('after');
  });
});

describe('defaultQueryFn', () => {
  it('GETs the first query key', async () => {
    route(() => json({ organisationName: 'Clinic', supportEmail: 'help@clinic.test', demoMode: false }));
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });

    await expect(client.fetchQuery({ queryKey: ['/api/public/config', { ignored: true }] })).resolves.toEqual({
      organisationName: 'Clinic',
      supportEmail: 'help@clinic.test',
      demoMode: false,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/config');
    expect(fetchMock.mock.calls[0]![1].method).toBe('GET');
  });

  it('refuses a query key that is not a URL', async () => {
    route(() => json({}));
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });
    await expect(client.fetchQuery({ queryKey: [42] })).rejects.toThrow('The first query key must be the URL to GET');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('background polls and session rejection', () => {
  it('marks a background request with x-caredeck-background: 1, and only that one', async () => {
    route(() => json({ data: [] }));
    await api.get('/notifications', { background: true });
    await api.get('/notifications');
    expect(header(fetchMock.mock.calls[0]![1], 'x-caredeck-background')).toBe('1');
    expect(header(fetchMock.mock.calls[1]![1], 'x-caredeck-background')).toBeNull();
  });

  it('sends an Idempotency-Key with a change that has one, and never with a read', async () => {
    route(() => json({ data: [] }));
    await api.post('/appointments', { time: '10:00' }, { idempotencyKey: 'key-0001-abcd' });
    await api.get('/notifications', { idempotencyKey: 'key-0002-abcd' });
    const [post, get] = fetchMock.mock.calls.filter(([url]) => !String(url).includes('csrf-token'));
    expect(header(post![1], 'idempotency-key')).toBe('key-0001-abcd');
    expect(header(get![1], 'idempotency-key')).toBeNull();
  });

  it('tells the app when a call is refused until a second factor is set up, and for no other refusal', async () => {
    const handler = vi.fn();
    const unsubscribe = setMfaEnrolmentHandler(handler);
    try {
      route(() => json({ error: { code: 'FORBIDDEN', message: 'No' } }, 403));
      await expect(api.get('/admin')).rejects.toMatchObject({ status: 403 });
      expect(handler).not.toHaveBeenCalled();
      route(() => json({ error: { code: 'MFA_ENROLMENT_REQUIRED', message: 'Please set up two-step verification to continue.' } }, 403));
      await expect(api.get('/appointments')).rejects.toMatchObject({ status: 403, code: 'MFA_ENROLMENT_REQUIRED' });
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      unsubscribe();
    }
  });

  it('tells the session handler about a 401 UNAUTHENTICATED, and not about other refusals', async () => {
    const handler = vi.fn();
    const unsubscribe = setSessionRejectedHandler(handler);
    try {
      route(() => json({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } }, 401));
      await expect(api.get('/appointments')).rejects.toMatchObject({ status: 401 });
      expect(handler).toHaveBeenCalledWith('/appointments');

      handler.mockClear();
      route(() => json({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } }, 401));
      await expect(api.get('/auth/login')).rejects.toMatchObject({ status: 401 });
      route(() => json({ error: { code: 'FORBIDDEN', message: 'No' } }, 403));
      await expect(api.get('/admin')).rejects.toMatchObject({ status: 403 });
      expect(handler).not.toHaveBeenCalled();
    } finally {
      unsubscribe();
    }
  });
});

describe('a request that crosses a change of session', () => {
  it('asks again after the change instead of signing out, when its 401 came from the old cookie', async () => {
    const handler = vi.fn();
    const unsubscribe = setSessionRejectedHandler(handler);
    let cookie = 'old';
    let finishChange!: () => void;
    const changed = new Promise<void>((resolve) => (finishChange = resolve));
    route(async (url) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 't' });
      if (url === '/api/auth/change-password') {
        await changed;
        cookie = 'new';
        return json({ success: true });
      }
      return cookie === 'new'
        ? json({ data: ['fresh'] })
        : json({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } }, 401);
    });
    try {
      const change = replacingSession(() => api.post('/auth/change-password', {}));
      // The page asks while the change is on its way (a live event it caused): the old cookie is refused.
      await vi.waitFor(() => expect(calls('/api/auth/change-password', 'POST')).toHaveLength(1));
      const read = api.get<{ data: string[] }>('/notifications');
      await vi.waitFor(() => expect(calls('/api/notifications')).toHaveLength(1));
      finishChange();
      await change;
      await expect(read).resolves.toEqual({ data: ['fresh'] });
      expect(calls('/api/notifications')).toHaveLength(2);
      expect(handler).not.toHaveBeenCalled();

      // Once it is over, a refusal means what it says again.
      cookie = 'old';
      await expect(api.get('/notifications')).rejects.toMatchObject({ status: 401 });
      expect(handler).toHaveBeenCalledWith('/notifications');
    } finally {
      unsubscribe();
    }
  });
});

describe('a busy server (503 with Retry-After)', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('fails with the wait the server asked for and tells the busy handler, once per answer', async () => {
    route(
      () =>
        new Response(JSON.stringify({ error: { code: 'SERVER_BUSY', message: 'busy' } }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        }),
    );
    const notices: unknown[] = [];
    const unsubscribe = setServerBusyHandler((notice) => notices.push(notice));
    const failure = await api.get('/appointments').catch((error: unknown) => error);
    unsubscribe();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, code: 'SERVER_BUSY', retryAfterMs: 2000 });
    expect(isServerBusy(failure)).toBe(true);
    expect(notices).toEqual([{ method: 'GET', path: '/appointments', retryAfterMs: 2000 }]);
    expect(calls('/api/appointments')).toHaveLength(1);
  });
});

describe('signing out', () => {
  it('sends no other request while the sign-out is on its way: each fails as signed out once it is done', async () => {
    let finishLogout: (() => void) | undefined;
    route(async (url) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 't' });
      if (url === '/api/auth/logout') await new Promise<void>((resolve) => (finishLogout = resolve));
      return json({ ok: true });
    });
    const signingOut = endingSession(() => api.post('/auth/logout'));
    const late = api.get('/doctor/schedule').catch((error: unknown) => error);
    await vi.waitFor(() => expect(finishLogout).toBeDefined());
    finishLogout!();
    await signingOut;
    const error = await late;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('UNAUTHENTICATED');
    expect(calls('/api/doctor/schedule')).toHaveLength(0);

    // Once signed out, requests go out again (as the anonymous visitor).
    await api.get('/public/config');
    expect(calls('/api/public/config')).toHaveLength(1);
  });

  it('runs the sign-out steps before asking the server, and waits for them at most the limit', async () => {
    route(() => json({ success: true }));
    let finishStep: (() => void) | undefined;
    const offStep = beforeSessionEnds(() => new Promise<void>((resolve) => (finishStep = resolve)));
    try {
      const signingOut = endingSession(() => api.post('/auth/logout'));
      expect(isSessionEnding()).toBe(true);
      await vi.waitFor(() => expect(finishStep).toBeDefined());
      expect(calls('/api/auth/logout', 'POST')).toHaveLength(0);
      finishStep!();
      await signingOut;
      expect(calls('/api/auth/logout', 'POST')).toHaveLength(1);
      expect(isSessionEnding()).toBe(false);

      // A step that never settles holds the sign-out back no longer than the limit.
      vi.useFakeTimers();
      try {
        const held = endingSession(() => api.post('/auth/logout'));
        await vi.advanceTimersByTimeAsync(SIGN_OUT_STEP_LIMIT_MS - 1);
        expect(calls('/api/auth/logout', 'POST')).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1);
        await held;
        expect(calls('/api/auth/logout', 'POST')).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      offStep();
    }
  });

  it('lets the sign-out through by its contract path too, also when its token is refused once', async () => {
    let tokens = 0;
    let refused = false;
    route((url) => {
      if (url === '/api/csrf-token') return json({ csrfToken: `t${(tokens += 1)}` });
      if (url === '/api/auth/logout' && !refused) {
        refused = true;
        return json({ error: { code: 'CSRF_INVALID', message: 'Invalid CSRF token' } }, 403);
      }
      return json({ success: true });
    });
    resetCsrfToken();
    await expect(endingSession(() => api.post('/api/auth/logout'))).resolves.toEqual({ success: true });
    expect(calls('/api/auth/logout', 'POST')).toHaveLength(2);
  });
});
