import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScheduleItem, ScheduleResponse } from '../../../../contracts/doctor-portal';
import { appointment, json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { DoctorPortalPage } from './doctor-portal-page';

// The doctor's home with real components, i18n and TanStack Query; fetch is the only thing replaced.

const TODAY = '2026-11-26';
const doctor = sessionUser({ id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', role: 'doctor', firstName: 'Michael', lastName: 'Chen' });

const STATS = {
  date: TODAY,
  clinicTimeZone: 'UTC',
  todaysVisits: 4,
  waitingNow: 2,
  pendingRefills: 3,
  openTasks: 1,
  abnormalLabs: 5,
  unsignedNotes: 2,
};

function item(overrides: Partial<ScheduleItem>): ScheduleItem {
  // The patient's id follows the patient given, as in a real answer.
  const patientId = overrides.patient?.id;
  return { ...appointment({ doctorId: doctor.id, ...(patientId ? { patientId } : {}) }), queuePosition: null, ...overrides };
}

const person = (firstName: string, lastName: string) => ({ id: crypto.randomUUID(), firstName, lastName });

function schedule(data: ScheduleItem[], from = TODAY, to = TODAY): ScheduleResponse {
  return { clinicTimeZone: 'UTC', today: TODAY, from, to, data };
}

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

const done = item({ patient: person('Dana', 'Done'), status: 'completed', startsAt: '2026-11-26T08:00:00.000Z' });
const first = item({
  patient: person('Sarah', 'Johnson'),
  status: 'checked-in',
  startsAt: '2026-11-26T09:00:00.000Z',
  queuePosition: 1,
  checkedInAt: '2026-11-26T08:50:00.000Z',
});
const second = item({ patient: person('Omar', 'Haddad'), status: 'checked-in', startsAt: '2026-11-26T09:30:00.000Z', queuePosition: 2 });
const later = item({ patient: person('Lena', 'Berg'), status: 'scheduled', startsAt: '2099-11-26T15:00:00.000Z', queuePosition: 3 });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('doctor portal', { timeout: 20_000 }, () => {
  it('shows the counts with their links, the next patient, the waiting room in queue order and today’s visits', async () => {
    stubServer({
      'GET /api/doctor/dashboard-stats': () => json({ data: STATS }),
      'GET /api/doctor/schedule': () => json(schedule([done, first, second, later])),
      [`GET /api/doctor/schedule?from=2026-11-23&to=2026-11-29`]: () => json(schedule([done, first, second], '2026-11-23', '2026-11-29')),
    });
    renderPatientView(<DoctorPortalPage />, { user: doctor });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Michael' })).toBeInTheDocument();
    const stats = await screen.findByTestId('doctor-stats');
    await vi.waitFor(() => expect(within(stats).getByTestId('stat-abnormalLabs')).toHaveTextContent('5'));
    expect(within(stats).getByRole('link', { name: /Visits today/ })).toHaveAttribute('href', '#today-schedule');
    expect(within(stats).getByRole('link', { name: /Waiting now/ })).toHaveAttribute('href', '#waiting-room');
    expect(within(stats).getByRole('link', { name: /Refill requests/ })).toHaveAttribute('href', '/medications');
    expect(within(stats).getByRole('link', { name: /Open tasks/ })).toHaveAttribute('href', '/tasks');
    expect(within(stats).getByRole('link', { name: /Notes to sign/ })).toHaveAttribute('href', '/clinical-notes');
    expect(within(stats).getByTestId('stat-unsignedNotes')).toHaveTextContent('2');

    const next = await screen.findByTestId('next-patient');
    expect(within(next).getByRole('heading', { name: 'Next patient' })).toBeInTheDocument();
    expect(next).toHaveTextContent('Sarah Johnson');
    expect(within(next).getByRole('button', { name: 'Start the visit with Sarah Johnson' })).toBeInTheDocument();

    const waiting = within(screen.getByTestId('waiting-room')).getAllByRole('listitem');
    expect(waiting.map((li) => li.textContent)).toEqual([expect.stringContaining('Sarah Johnson'), expect.stringContaining('Omar Haddad')]);
    expect(waiting[0]).toHaveTextContent('Number 1 in the queue');
    // Each name opens the patient's chart, from the next-patient card and the waiting room alike.
    const sarahChart = within(next).getByRole('link', { name: 'Sarah Johnson' }).getAttribute('href');
    expect(sarahChart).toMatch(/^\/patient\/[0-9a-f-]{36}$/);
    expect(within(waiting[0]!).getByRole('link', { name: 'Sarah Johnson' })).toHaveAttribute('href', sarahChart);
    expect(within(waiting[1]!).getByRole('link', { name: 'Omar Haddad' }).getAttribute('href')).not.toBe(sarahChart);

    const rows = within(screen.getByTestId('today-schedule')).getAllByTestId('schedule-item');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    // A visit whose start has passed may be marked a no-show; one still to come may not.
    expect(within(rows[1]!).getByRole('button', { name: 'Mark Sarah Johnson as a no-show' })).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Start the visit with Lena Berg' })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('button', { name: /no-show/ })).toBeNull();

    const calendar = screen.getByTestId('doctor-calendar');
    expect(await within(calendar).findByTestId('calendar-day-2026-11-26')).toHaveTextContent('Sarah Johnson');
    expect(within(calendar).getByTestId('calendar-day-2026-11-24')).toHaveTextContent('No appointments');
  });

  it('marks a visit the patient confirmed in today’s schedule, with when on the clinic’s clock', async () => {
    const confirmedAt = '2026-11-25T18:40:00.000Z';
    stubServer({
      'GET /api/doctor/dashboard-stats': () => json({ data: STATS }),
      'GET /api/doctor/schedule': () => json(schedule([first, { ...later, confirmedAt }])),
    });
    renderPatientView(<DoctorPortalPage />, { user: doctor });
    const today = await screen.findByTestId('today-schedule');
    await vi.waitFor(() => expect(within(today).getAllByTestId('schedule-item')).toHaveLength(2));
    const [sarah, lena] = within(today).getAllByTestId('schedule-item');
    expect(within(sarah!).queryByTestId('confirmed-badge')).not.toBeInTheDocument();
    const badge = within(lena!).getByTestId('confirmed-badge');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(confirmedAt));
    expect(badge).toHaveTextContent('Confirmed');
    expect(badge).toHaveAttribute('title', `Confirmed on ${when}`);
  });

  it('starts a visit, says so, and asks again for the counts and the schedule', async () => {
    let started = false;
    const calls = stubServer({
      'GET /api/doctor/dashboard-stats': () => json({ data: STATS }),
      'GET /api/doctor/schedule': () =>
        json(schedule([started ? { ...first, status: 'in-progress', queuePosition: null } : first, second])),
      [`POST /api/doctor/appointments/${first.id}/visit`]: () => {
        started = true;
        return json({ data: { ...first, status: 'in-progress', queuePosition: null } });
      },
    });
    const user = userEvent.setup();
    renderPatientView(<DoctorPortalPage />, { user: doctor });

    const next = await screen.findByTestId('next-patient');
    await user.click(within(next).getByRole('button', { name: 'Start the visit with Sarah Johnson' }));
    expect(await screen.findByText('The visit with Sarah Johnson has started.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'start' });
    await vi.waitFor(() => expect(within(screen.getByTestId('next-patient')).getByRole('heading')).toHaveTextContent('Visit in progress'));
    expect(
      within(screen.getByTestId('next-patient')).getByRole('button', { name: 'Complete the visit with Sarah Johnson' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/doctor/dashboard-stats').length).toBeGreaterThan(1);
  });

  it('asks before marking a no-show, and sends nothing when the doctor keeps the visit', async () => {
    const calls = stubServer({
      'GET /api/doctor/dashboard-stats': () => json({ data: STATS }),
      'GET /api/doctor/schedule': () => json(schedule([first])),
      [`POST /api/doctor/appointments/${first.id}/visit`]: () => json({ data: { ...first, status: 'no-show', queuePosition: null } }),
    });
    const user = userEvent.setup();
    renderPatientView(<DoctorPortalPage />, { user: doctor });
    const next = await screen.findByTestId('next-patient');
    await user.click(within(next).getByRole('button', { name: 'Mark Sarah Johnson as a no-show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Sarah Johnson as a no-show?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the visit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(next).getByRole('button', { name: 'Mark Sarah Johnson as a no-show' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as no-show' }));
    expect(await screen.findByText('Sarah Johnson is marked as a no-show.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'no-show' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says in words when a step is refused', async () => {
    stubServer({
      'GET /api/doctor/dashboard-stats': () => json({ data: STATS }),
      'GET /api/doctor/schedule': () => json(schedule([first])),
      [`POST /api/doctor/appointments/${first.id}/visit`]: () =>
        json({ error: { code: 'VISIT_TRANSITION_INVALID', message: 'This visit cannot take that step from its current status.' } }, 409),
    });
    const user = userEvent.setup();
    renderPatientView(<DoctorPortalPage />, { user: doctor });
    const next = await screen.findByTestId('next-patient');
    await user.click(within(next).getByRole('button', { name: 'Start the visit with Sarah Johnson' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit cannot take that step now.');
  });

  it('has an empty day, and switches the calendar to a day and between weeks', async () => {
    const calls = stubServer({
      'GET /api/doctor/dashboard-stats': () => json({ data: { ...STATS, todaysVisits: 0, waitingNow: 0 } }),
      'GET /api/doctor/schedule': (url) => {
        const query = new URL(url, 'http://x').searchParams;
        return json(schedule([], query.get('from') ?? TODAY, query.get('to') ?? TODAY));
      },
    });
    const user = userEvent.setup();
    renderPatientView(<DoctorPortalPage />, { user: doctor });

    expect(await screen.findByText('You have no visits today.')).toBeInTheDocument();
    expect(screen.getByText('No one is checked in and waiting.')).toBeInTheDocument();
    expect(screen.getByText('No one else is booked for today.')).toBeInTheDocument();
    const calendar = screen.getByTestId('doctor-calendar');
    expect(await within(calendar).findByText('No appointments this week.')).toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/doctor/schedule?from=2026-11-30&to=2026-12-06')).toBe(true));
    await user.click(within(calendar).getByRole('button', { name: 'Day' }));
    expect(within(calendar).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(calendar).getByRole('button', { name: 'Today' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url === `/api/doctor/schedule?from=${TODAY}&to=${TODAY}`)).toBe(true));
    expect(await within(calendar).findByText('No appointments on this day.')).toBeInTheDocument();
  });

  it('offers to try again when the schedule or the counts fail', async () => {
    stubServer({});
    renderPatientView(<DoctorPortalPage />, { user: doctor });
    // The server's own error code is worded (errors.json); each failed part offers its retry.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: /try again/i })).toHaveLength(2));
    expect(screen.queryByTestId('today-schedule')).toBeNull();
    expect(screen.queryByTestId('doctor-stats')).toBeNull();
  });
});
