import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { SessionUser } from '../../../contracts/user';
import { SessionContext, type SessionContextValue, type SessionStatus } from './use-session';

// Component tests with someone signed in: the user as GET /api/auth/session returns it, and the
// session the components read through useSession(), given by the test instead of the real provider.

/** A signed-in user with no optional profile details; the test overrides what it is about. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '0b7f3c1e-5a0d-4c8e-9f3a-2d6b1e4c7a90',
    email: 'sam.example@example.org',
    firstName: 'Sam',
    lastName: 'Example',
    name: 'Sam Example',
    role: 'patient',
    position: null,
    avatar: null,
    phone: null,
    dateOfBirth: null,
    gender: null,
    address: null,
    isFirstTimeLogin: false,
    mfaEnabled: false,
    preferredLanguage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    medicalRecordNumber: null,
    bloodType: null,
    allergies: [],
    medications: [],
    medicalHistory: [],
    emergencyContact: null,
    country: null,
    insuranceProvider: null,
    insurancePolicyNumber: null,
    ...overrides,
  };
}

/**
 * Renders `ui` with the given session (signed in as `user` unless told otherwise), a query client that
 * does not retry, and the toaster (`toaster: false` leaves it out). Returns the session's spies and the client.
 */
export function renderWithSession(
  ui: ReactElement,
  {
    user = sessionUser(),
    status = user ? 'authenticated' : 'anonymous',
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
    toaster = true,
  }: { user?: SessionUser | null; status?: SessionStatus; queryClient?: QueryClient; toaster?: boolean } = {},
) {
  const session: SessionContextValue = {
    status,
    user,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        {ui}
        {toaster ? <Toaster /> : null}
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, session, queryClient };
}
