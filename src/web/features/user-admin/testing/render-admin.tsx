import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { SessionUser } from '../../../../contracts/user';
import type { AdminUser } from '../../../../contracts/user-admin';
import { renderWithSession, sessionUser } from '../../../lib/session/testing';

// Component tests of the admin user screens: real components and i18n, an admin session, and
// fetch as the only thing replaced (the server's answers are written per test).

export const ADMIN: SessionUser = sessionUser({
  id: '0b9c2c4e-1111-4c43-9d7e-0c1b2a3d4e5f',
  email: 'admin@caredeck.demo',
  firstName: 'Ada',
  lastName: 'Admin',
  name: 'Ada Admin',
  role: 'admin',
});

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '5a1f7f3e-2222-4c43-9d7e-0c1b2a3d4e5f',
    email: 'sam.staff@example.org',
    firstName: 'Sam',
    lastName: 'Staff',
    name: 'Sam Staff',
    role: 'staff',
    position: 'billing',
    specialty: null,
    isActive: true,
    hasPassword: true,
    isFirstTimeLogin: false,
    createdAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function renderAsAdmin(ui: ReactElement) {
  return renderWithSession(ui, { user: ADMIN });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch (the CSRF token is answered here); returns the calls made. */
export function fakeServer(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 'csrf' });
      const call = { url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
