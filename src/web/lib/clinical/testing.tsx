import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Appointment } from '../../../contracts/appointments';
import type { Allergy, LabComponent, LabPanel, Vital } from '../../../contracts/health-records';
import type { Medication } from '../../../contracts/medications';
import type { SessionUser } from '../../../contracts/user';
import { sessionUser } from '../session/testing';
import { SessionContext, type SessionContextValue } from '../session/use-session';

// Component tests of the patient's clinical views: real components, real i18n and TanStack Query,
// a signed-in patient given by the test, and fetch as the only thing replaced.

export const PATIENT_ID = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

export function patientUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({
    id: PATIENT_ID,
    email: 'ann.patient@example.org',
    firstName: 'Ann',
    lastName: 'Patient',
    name: 'Ann Patient',
    preferredLanguage: 'English',
    medicalRecordNumber: 'MRN000001',
    bloodType: 'O+',
    ...overrides,
  });
}

export function renderPatientView(ui: ReactElement, { path = '/', user = patientUser() }: { path?: string; user?: SessionUser } = {}) {
  const session: SessionContextValue = {
    status: 'authenticated',
    user,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/**
 * Replaces fetch with answers by path (the query string ignored unless the route names it); a path
 * with no answer gets a 500. Returns the URLs asked for.
 */
export function stubRoutes(routes: Record<string, () => Response>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const answer = routes[input] ?? routes[input.split('?')[0] ?? ''];
      return answer ? answer() : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return asked;
}

/** A call the stubbed fetch received: its method, path (no query string) and parsed JSON body. */
export interface StubbedCall {
  method: string;
  url: string;
  /** The query string the call carried ('' for none), which the route key leaves out. */
  search: string;
  body: unknown;
}

/**
 * Replaces fetch with answers by method and path (`'PATCH /api/tasks/1'`); the CSRF token is always
 * answered, and any other call gets a 500. Returns the calls made, in order, for the test to check
 * what was sent.
 */
export function stubApi(routes: Record<string, (call: StubbedCall) => Response>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      const url = input.split('?')[0] ?? input;
      if (url === '/api/csrf-token') return json({ csrfToken: 'test-token' });
      const call = {
        method,
        url,
        search: input.slice(url.length),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = routes[`${method} ${url}`];
      return answer ? answer(call) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    doctorId: DOCTOR_ID,
    patient: { id: PATIENT_ID, firstName: 'Ann', lastName: 'Patient' },
    doctor: { id: DOCTOR_ID, firstName: 'Maria', lastName: 'Lopez', specialty: 'Cardiology' },
    startsAt: '2030-03-12T14:30:00.000Z',
    endsAt: '2030-03-12T15:00:00.000Z',
    duration: 30,
    type: 'in-person',
    status: 'scheduled',
    reason: 'Blood pressure review',
    bookedBy: PATIENT_ID,
    bookedByRole: 'patient',
    checkedInAt: null,
    lateAt: null,
    confirmedAt: null,
    parkingReservation: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function medication(overrides: Partial<Medication> = {}): Medication {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    name: 'Lisinopril',
    drugCode: null,
    strength: null,
    dosage: '10 mg',
    frequency: 'Once daily',
    route: 'oral',
    instructions: null,
    startDate: '2025-06-01',
    endDate: null,
    status: 'active',
    prescriber: { firstName: 'Maria', lastName: 'Lopez' },
    prescriberId: DOCTOR_ID,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function allergy(overrides: Partial<Allergy> = {}): Allergy {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    allergen: 'Penicillin',
    code: null,
    type: 'drug',
    severity: 'severe',
    reaction: 'Hives',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function labComponent(overrides: Partial<LabComponent> = {}): LabComponent {
  return {
    id: crypto.randomUUID(),
    loincCode: '2345-7',
    name: 'Glucose',
    value: 95,
    unit: 'mg/dL',
    referenceLow: 70,
    referenceHigh: 99,
    flag: 'normal',
    ...overrides,
  };
}

export function labPanel(overrides: Partial<LabPanel> = {}): LabPanel {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    panelCode: '24323-8',
    panelName: 'Comprehensive metabolic panel (CMP)',
    status: 'resulted',
    orderer: { firstName: 'Maria', lastName: 'Lopez' },
    orderedAt: '2026-02-01T08:00:00.000Z',
    collectedAt: '2026-02-01T09:00:00.000Z',
    releasedAt: '2026-02-02T09:00:00.000Z',
    components: [labComponent()],
    ...overrides,
  };
}

export function vital(overrides: Partial<Vital> = {}): Vital {
  return {
    id: crypto.randomUUID(),
    patientId: PATIENT_ID,
    type: 'heart-rate',
    value: 72,
    unit: '/min',
    measuredAt: '2026-02-01T09:00:00.000Z',
    source: 'clinic',
    ...overrides,
  };
}
