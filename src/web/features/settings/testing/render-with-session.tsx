import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { SessionUser } from '../../../../contracts/user';
import { renderWithSession as renderSignedIn, sessionUser as signedInUser } from '../../../lib/session/testing';
import { ThemeProvider } from '../../../lib/theme-context';

// Component tests of the settings screen: real components, real i18n, a session given by the test,
// and the network (fetch) as the only thing replaced.

/** Ann, a patient whose profile is filled in: the settings screens show and edit these details. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return signedInUser({
    id: '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f',
    email: 'ann.patient@example.org',
    firstName: 'Ann',
    lastName: 'Patient',
    name: 'Ann Patient',
    role: 'patient',
    phone: '+1 555 0100',
    dateOfBirth: '1980-04-02',
    gender: 'female',
    address: '1 Main Street, Springfield',
    preferredLanguage: 'English',
    medicalRecordNumber: 'MRN000001',
    bloodType: 'O+',
    emergencyContact: { name: 'Bob Patient', phone: '+1 555 0101', relationship: 'Spouse' },
    ...overrides,
  });
}

/** The settings screens also need the theme (display preferences). */
export function renderWithSession(ui: ReactElement, user: SessionUser = sessionUser()) {
  return renderSignedIn(<ThemeProvider>{ui}</ThemeProvider>, { user });
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
