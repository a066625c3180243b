import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { SessionUser } from '../../../../contracts/user';
import { SessionContext, type SessionContextValue } from '../../../lib/session/use-session';
import { ThemeProvider } from '../../../lib/theme-context';

// Component tests of the settings screen: real components, real i18n, a session given by the test,
// and the network (fetch) as the only thing replaced.

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f',
    email: 'ann.patient@example.org',
    firstName: 'Ann',
    lastName: 'Patient',
    name: 'Ann Patient',
    role: 'patient',
    position: null,
    avatar: null,
    phone: '+1 555 0100',
    dateOfBirth: '1980-04-02',
    gender: 'female',
    address: '1 Main Street, Springfield',
    isFirstTimeLogin: false,
    mfaEnabled: false,
    preferredLanguage: 'English',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    medicalRecordNumber: 'MRN000001',
    bloodType: 'O+',
    allergies: [],
    medications: [],
    medicalHistory: [],
    emergencyContact: { name: 'Bob Patient', phone: '+1 555 0101', relationship: 'Spouse' },
    ...overrides,
  };
}

export function renderWithSession(ui: ReactElement, user: SessionUser = sessionUser()) {
  const session: SessionContextValue = {
    status: 'authenticated',
    user,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionContext.Provider value={session}>
          {ui}
          <Toaster />
        </SessionContext.Provider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, session, queryClient };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export type FetchCall = { url: string; method: string; body: unknown };

/** Replaces fetch; the CSRF token is answered for you. Returns the calls made (CSRF excluded). */
export function stubServer(handler: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (input === '/api/csrf-token') return json({ csrfToken: 'test-csrf-token' });
      const call = { url: input, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}
