import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../../lib/api-client';
import { appointment, json } from '../../../lib/clinical/testing';
import { useBookAppointment, useCancelAppointment } from './booking';

// Each booking change is one user action with one Idempotency-Key: the retry of the same action
// (after a lost answer) sends the same key, another action a new one.

const BODY = {
  doctorId: '0c0ffee0-0000-4000-8000-000000000001',
  date: '2031-01-06',
  time: '10:00',
  timeZone: 'UTC',
  type: 'in-person' as const,
  reason: 'Check-up',
};

function stubServer(answers: Array<() => Response | Promise<Response>>) {
  const keys: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/csrf-token')) return json({ csrfToken: 'token' });
      keys.push(new Headers(init.headers).get('idempotency-key'));
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return next();
    }),
  );
  return keys;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('Idempotency-Key of booking changes', () => {
  it('sends the same key when the same booking is tried again, and a new one for the next booking', async () => {
    const booked = appointment({ id: 'a1' });
    const keys = stubServer([
      () => Promise.reject(new TypeError('network down')),
      () => json({ data: booked }, 201),
      () => json({ data: booked }, 201),
    ]);
    const { result } = renderHook(() => useBookAppointment(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync(BODY)).rejects.toThrow();
    });
    await act(async () => {
      await result.current.mutateAsync(BODY);
    });
    await act(async () => {
      await result.current.mutateAsync({ ...BODY, time: '10:30' });
    });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends a key with a cancellation', async () => {
    const keys = stubServer([() => json({ data: appointment({ id: 'a2', status: 'cancelled' }) })]);
    const { result } = renderHook(() => useCancelAppointment(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ id: 'a2' });
    });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
