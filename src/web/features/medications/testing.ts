import { vi } from 'vitest';
import { json } from '../../lib/clinical/testing';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * fetch answered by "METHOD /path" (query string ignored); the CSRF token is always given, anything
 * else unlisted gets a 500. Returns every call with its parsed body.
 */
export function stubApi(routes: Record<string, (call: Call) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      const url = input.split('?')[0] ?? input;
      const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      if (url === '/api/csrf-token') return json({ csrfToken: 'test-token' });
      calls.push(call);
      const answer = routes[`${method} ${url}`];
      return answer ? answer(call) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}
