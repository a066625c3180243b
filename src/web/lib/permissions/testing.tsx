import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Permission } from '../../../contracts/permissions';
import type { Role } from '../../../contracts/roles';
import type { SessionUser } from '../../../contracts/user';
import { defaultQueryFn } from '../api-client';
import { initI18n } from '../i18n';
import { renderWithSession, sessionUser } from '../session/testing';
import type { SessionStatus } from '../session/use-session';
import { loadPermissionsValidator, type UserPermissions } from './permissions-query';

// Component tests of the guard: real components, real i18n and TanStack Query, a session given by the
// test, and fetch as the only thing replaced (the server's answers to GET /api/users/{id}/permissions).

/** English texts, a fake clock (the grace period and retry delays are timed) and fetch restored after each test. */
export function setUpGuardTests(): void {
  beforeAll(async () => {
    await initI18n('en');
    // The app loads the answer's validator alongside the first answer; the tests, whose clock is
    // fake, load it up front so that answering is all a check waits for.
    await loadPermissionsValidator();
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Moves the fake clock on and lets React and TanStack Query settle. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

export const USER_ID = '0b7f3c1e-5a0d-4c8e-9f3a-2d6b1e4c7a90';

export function user(role: Role): SessionUser {
  return sessionUser({
    id: USER_ID,
    email: `${role}@example.org`,
    role,
    position: role === 'staff' ? 'reception' : null,
  });
}

/** The answer of GET /api/users/{id}/permissions for a staff member holding `granted`. */
export function permissionsAnswer(granted: { permission: Permission; isActive?: boolean; expiresAt?: string | null }[]): {
  data: UserPermissions;
} {
  return {
    data: {
      permissions: granted.map(({ permission, isActive = true, expiresAt = null }, index) => ({
        permission: {
          id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          permission,
          category: permission.split('.')[0] ?? '',
        },
        isActive,
        expiresAt,
      })),
      effectivePermissions: granted
        .filter((g) => g.isActive !== false && (!g.expiresAt || Date.parse(g.expiresAt) > Date.now()))
        .map((g) => g.permission),
      roles: ['staff'],
      metadata: { lastUpdated: '2026-01-01T00:00:00.000Z' },
    },
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** Replaces fetch with `handler`; returns the URLs asked for. */
export function stubFetch(handler: (url: string) => Response | Promise<Response>): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(input);
      return handler(input);
    }),
  );
  return urls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders `ui` at `path` with the given session; other paths show where the router went. */
export function renderGuarded(ui: ReactElement, session: { status: SessionStatus; user: SessionUser | null }, path = '/billing') {
  // The app's default query, for the other queries a guarded screen may make.
  const queryClient = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });
  return renderWithSession(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { ...session, queryClient, toaster: false },
  );
}
