import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TodayItem } from '../../../../contracts/appointments';
import type { Permission } from '../../../../contracts/permissions';
import { appointment, json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { loadPermissionsValidator } from '../../../lib/permissions/permissions-query';
import { permissionsAnswer } from '../../../lib/permissions/testing';
import { sessionUser } from '../../../lib/session/testing';
import { StaffPortalPage } from './staff-portal-page';

// The staff home with real components, i18n, TanStack Query and the permission guard; fetch is the
// only thing replaced.

const staff = sessionUser({
  id: '0b7f3c1e-5a0d-4c8e-9f3a-2d6b1e4c7a90',
  role: 'staff',
  position: 'reception',
  firstName: 'Emily',
  lastName: 'Rodriguez',
});
const TODAY = new Date().toISOString().slice(0, 10);
const RECEPTION: Permission[] = [
  'patients.view.all',
  'appointments.view.all',
  'appointments.create',
  'appointments.update',
  'appointments.reschedule',
];

const STATS = {
  date: TODAY,
  clinicTimeZone: 'UTC',
  todaysAppointments: 6,
  checkedIn: 2,
  waiting: 1,
  averageWaitMinutes: 12,
  noShows: 1,
  pendingRequests: 1,
  parkingReserved: 3,
  parkingOccupied: 1,
};

const person = (firstName: string, lastName: string) => ({ id: crypto.randomUUID(), firstName, lastName });

function item(overrides: Partial<TodayItem>): TodayItem {
  return { ...appointment(), queuePosition: null, estimatedWaitTime: null, ...overrides };
}

const soon = new Date(Date.now() + 20 * 60_000).toISOString();
const arriving = item({ patient: person('Omar', 'Haddad'), startsAt: soon, status: 'scheduled', queuePosition: 2, estimatedWaitTime: 20 });
const waiting = item({
  patient: person('Sarah', 'Johnson'),
  startsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  status: 'checked-in',
  queuePosition: 1,
  estimatedWaitTime: 0,
});
const request = appointment({
  patient: person('Lena', 'Berg'),
  status: 'requested',
  startsAt: '2099-03-01T10:00:00.000Z',
  reason: 'Knee pain',
});

type Handler = (url: string, body: unknown) => Response;

function stubServer(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      const answer = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
      return answer ? answer(url, body) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

function deskRoutes(granted: Permission[]): Record<string, Handler> {
  return {
    [`GET /api/users/${staff.id}/permissions`]: () => json(permissionsAnswer(granted.map((permission) => ({ permission })))),
    'GET /api/staff/dashboard-stats': () => json({ data: STATS }),
    'GET /api/staff/status': () =>
      json({
        data: {
          own: { userId: staff.id, firstName: 'Emily', lastName: 'Rodriguez', position: 'reception', status: 'on-duty', updatedAt: null },
          colleagues: [
            { userId: crypto.randomUUID(), firstName: 'Noor', lastName: 'Ali', position: 'nurse', status: 'on-break', updatedAt: null },
          ],
        },
      }),
    'GET /api/appointments/requests/pending': () => json({ data: [request] }),
    'GET /api/appointments/today': () => json({ date: TODAY, data: [waiting, arriving] }),
  };
}

beforeAll(async () => {
  await initI18n('en');
  await loadPermissionsValidator();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff portal', { timeout: 20_000 }, () => {
  it('shows the day’s counts, the requests, who arrives within the hour, the day with its queue and the desk statuses', async () => {
    stubServer(deskRoutes(RECEPTION));
    renderPatientView(<StaffPortalPage />, { user: staff });
    await vi.waitFor(() => expect(screen.getByTestId('stat-pendingRequests')).toHaveTextContent('1'));
    expect(screen.getByTestId('stat-averageWaitMinutes')).toHaveTextContent('12 min');
    const requests = await screen.findByTestId('pending-requests');
    expect(await within(requests).findByText('Lena Berg')).toBeInTheDocument();
    expect(within(requests).getByText('Reason: Knee pain')).toBeInTheDocument();
    expect(within(await screen.findByTestId('arriving-soon')).getByText('Omar Haddad')).toBeInTheDocument();
    const day = screen.getByTestId('clinic-day');
    expect(within(day).getAllByTestId('day-queue')[0]).toHaveTextContent('No. 1 in the queue');
    expect(within(await screen.findByTestId('colleague-statuses')).getByText('On break')).toBeInTheDocument();
    expect(screen.getByTestId('own-status-on-duty')).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks a visit the patient confirmed, with when on the clinic’s clock', async () => {
    const confirmedAt = new Date(Date.now() - 26 * 3_600_000).toISOString();
    stubServer({
      ...deskRoutes(RECEPTION),
      'GET /api/appointments/today': () => json({ date: TODAY, data: [waiting, { ...arriving, confirmedAt }] }),
    });
    renderPatientView(<StaffPortalPage />, { user: staff });
    const day = await screen.findByTestId('day-list');
    const [sarah, omar] = within(day).getAllByTestId('day-item');
    expect(within(sarah!).queryByTestId('confirmed-badge')).not.toBeInTheDocument();
    const badge = within(omar!).getByTestId('confirmed-badge');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(confirmedAt));
    expect(badge).toHaveTextContent('Confirmed');
    expect(badge).toHaveAttribute('title', `Confirmed on ${when}`);
  });

  it('filters the day by status', async () => {
    stubServer(deskRoutes(RECEPTION));
    const user = userEvent.setup();
    renderPatientView(<StaffPortalPage />, { user: staff });
    const day = await screen.findByTestId('clinic-day');
    expect(within(day).getAllByTestId('day-item')).toHaveLength(2);
    await user.selectOptions(screen.getByTestId('filter-status'), 'checked-in');
    expect(within(day).getAllByTestId('day-item')).toHaveLength(1);
    expect(within(day).getByText('Sarah Johnson')).toBeInTheDocument();
  });

  it('checks a patient in only once the desk confirmed who they are', async () => {
    const calls = stubServer({
      ...deskRoutes(RECEPTION),
      [`POST /api/staff/appointments/${arriving.id}/arrival`]: () => json({ data: { ...arriving, status: 'checked-in' } }),
    });
    const user = userEvent.setup();
    renderPatientView(<StaffPortalPage />, { user: staff });
    await user.click(await screen.findByRole('button', { name: 'Check in Omar Haddad' }));
    const dialog = await screen.findByTestId('check-in-dialog');
    await user.click(within(dialog).getByTestId('check-in-submit'));
    expect(await within(dialog).findByText('Please confirm the patient’s identity and details first.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByLabelText('I confirmed the patient’s identity and details'));
    await user.click(within(dialog).getByTestId('check-in-submit'));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: `/api/staff/appointments/${arriving.id}/arrival`,
        body: { action: 'check-in', identityConfirmed: true },
      }),
    );
  });

  it('declines a request with the reason the patient reads, and says a refusal in words', async () => {
    const calls = stubServer({
      ...deskRoutes(RECEPTION),
      [`POST /api/appointments/${request.id}/decline`]: () =>
        json({ error: { code: 'REQUEST_NOT_PENDING', message: 'This appointment is not waiting for approval.' } }, 409),
    });
    const user = userEvent.setup();
    renderPatientView(<StaffPortalPage />, { user: staff });
    await user.click(await screen.findByRole('button', { name: 'Decline the request of Lena Berg' }));
    const dialog = await screen.findByTestId('decline-request-dialog');
    await user.type(within(dialog).getByLabelText('Reason for the patient'), 'The doctor is away that week');
    await user.click(within(dialog).getByTestId('decline-request-submit'));
    expect(await within(dialog).findByTestId('decline-request-error')).toHaveTextContent('This request was already handled.');
    expect(calls).toContainEqual({
      method: 'POST',
      url: `/api/appointments/${request.id}/decline`,
      body: { reason: 'The doctor is away that week' },
    });
  });

  it('offers booking for a patient and moving a scheduled visit to reception, and says who booked each visit', async () => {
    stubServer({
      ...deskRoutes(RECEPTION),
      'GET /api/appointments/today': () => json({ date: TODAY, data: [waiting, { ...arriving, bookedByRole: 'staff' }] }),
    });
    const user = userEvent.setup();
    renderPatientView(<StaffPortalPage />, { user: staff });
    const omar = (await screen.findAllByTestId('day-item')).find((row) => row.textContent?.includes('Omar Haddad'))!;
    expect(within(omar).getByTestId('booked-by')).toHaveTextContent('Booked by the front desk');
    const sarah = screen.getAllByTestId('day-item').find((row) => row.textContent?.includes('Sarah Johnson'))!;
    expect(within(sarah).getByTestId('booked-by')).toHaveTextContent('Booked by the patient');
    // Only a scheduled visit still to come can be moved.
    expect(within(sarah).queryByRole('button', { name: 'Reschedule the appointment of Sarah Johnson' })).not.toBeInTheDocument();
    await user.click(within(omar).getByRole('button', { name: 'Reschedule the appointment of Omar Haddad' }));
    expect(await screen.findByRole('dialog', { name: 'Move the appointment of Omar Haddad' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));

    await user.click(screen.getByRole('button', { name: 'Book for a patient' }));
    expect(await screen.findByRole('dialog', { name: 'Book an appointment for a patient' })).toBeInTheDocument();
  });

  it('hides booking and moving from a staff member who may only see the schedule', async () => {
    stubServer(deskRoutes(['appointments.view.all', 'appointments.update']));
    renderPatientView(<StaffPortalPage />, { user: staff });
    const omar = (await screen.findAllByTestId('day-item')).find((row) => row.textContent?.includes('Omar Haddad'))!;
    expect(within(omar).getByRole('button', { name: 'Check in Omar Haddad' })).toBeInTheDocument();
    expect(within(omar).queryByRole('button', { name: /^Reschedule/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book for a patient' })).not.toBeInTheDocument();
  });

  it('shows a staff member without appointments.view.all the denial screen in place of the schedule, and keeps the desk status', async () => {
    const calls = stubServer(deskRoutes(['billing.view']));
    renderPatientView(<StaffPortalPage />, { user: staff });
    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByTestId('desk-status')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/appointments'))).toBe(false);
  });
});
