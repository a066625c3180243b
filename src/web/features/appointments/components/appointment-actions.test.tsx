import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointment, json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { AppointmentExtras } from './appointment-actions';

const HOUR = 3_600_000;

function stubServer(routes: Record<string, (body: unknown) => Response>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      const answer = routes[`${method} ${url.split('?')[0]}`];
      return answer ? answer(body) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

const config = () =>
  json({
    organisationName: 'Riverside',
    supportEmail: 'a@b.c',
    demoMode: false,
    phone: '+1 555 0100',
    address: null,
    logoUrl: null,
    clinics: [],
  });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('managing an upcoming appointment', { timeout: 20_000 }, () => {
  it('cancels after confirmation and offers the calendar file and parking details', async () => {
    const visit = appointment({
      startsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
      parkingReservation: {
        id: crypto.randomUUID(),
        appointmentId: crypto.randomUUID(),
        licensePlate: 'AB 123',
        arrivalTime: new Date(Date.now() + 71.5 * HOUR).toISOString(),
        departureTime: new Date(Date.now() + 73 * HOUR).toISOString(),
        status: 'reserved',
      },
    });
    const calls = stubServer({
      'GET /api/public/config': config,
      [`POST /api/appointments/${visit.id}/cancel`]: () => json({ data: { ...visit, status: 'cancelled' } }),
    });
    const onNotice = vi.fn();
    const user = userEvent.setup();
    renderPatientView(<AppointmentExtras appointment={visit} onNotice={onNotice} />);

    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/appointments/${visit.id}/calendar.ics`);
    expect(screen.getByTestId('parking-details')).toHaveTextContent('Parking reserved for AB 123');
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(dialog).toHaveTextContent('Dr. Maria Lopez');
    await user.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Feeling better');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await vi.waitFor(() => expect(onNotice).toHaveBeenCalledWith(expect.stringContaining('was cancelled')));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Feeling better' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('inside the cut-off says to call the clinic, with its phone, and sends nothing', async () => {
    const visit = appointment({ startsAt: new Date(Date.now() + 30 * HOUR - 8 * HOUR).toISOString() });
    const calls = stubServer({ 'GET /api/public/config': config });
    const user = userEvent.setup();
    renderPatientView(<AppointmentExtras appointment={visit} onNotice={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(/less than 24 hours before they start\. Please call the clinic at \+1 555 0100\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move appointment' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('confirms an upcoming scheduled appointment, inside the cut-off too, and says so', async () => {
    const visit = appointment({ startsAt: new Date(Date.now() + 3 * HOUR).toISOString() });
    const confirmedAt = new Date().toISOString();
    const calls = stubServer({
      'GET /api/public/config': config,
      [`POST /api/appointments/${visit.id}/confirm`]: () => json({ data: { ...visit, confirmedAt } }),
    });
    const onNotice = vi.fn();
    const user = userEvent.setup();
    renderPatientView(<AppointmentExtras appointment={visit} onNotice={onNotice} />);

    await user.click(screen.getByRole('button', { name: 'Confirm appointment' }));
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(visit.startsAt));
    await vi.waitFor(() => expect(onNotice).toHaveBeenCalledWith(`Thank you: your appointment on ${when} is confirmed.`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/appointments/${visit.id}/confirm`]);
  });

  it('says in words why a confirmation was refused', async () => {
    const visit = appointment({ startsAt: new Date(Date.now() + 48 * HOUR).toISOString() });
    stubServer({
      'GET /api/public/config': config,
      [`POST /api/appointments/${visit.id}/confirm`]: () =>
        json({ error: { code: 'APPOINTMENT_NOT_CONFIRMABLE', message: 'Only an upcoming scheduled appointment can be confirmed.' } }, 409),
    });
    const onNotice = vi.fn();
    const user = userEvent.setup();
    renderPatientView(<AppointmentExtras appointment={visit} onNotice={onNotice} />);

    await user.click(screen.getByRole('button', { name: 'Confirm appointment' }));
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent('Only an upcoming scheduled appointment can be confirmed.');
    expect(onNotice).not.toHaveBeenCalled();
  });

  it('offers no confirmation for one already confirmed, one still requested, or one that has started', () => {
    stubServer({ 'GET /api/public/config': config });
    const later = new Date(Date.now() + 48 * HOUR).toISOString();
    for (const visit of [
      appointment({ startsAt: later, confirmedAt: new Date().toISOString() }),
      appointment({ startsAt: later, status: 'requested' }),
      appointment({ startsAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
    ]) {
      const { unmount } = renderPatientView(<AppointmentExtras appointment={visit} onNotice={vi.fn()} />);
      expect(screen.queryByRole('button', { name: 'Confirm appointment' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows no changes for a cancelled appointment', () => {
    stubServer({});
    renderPatientView(<AppointmentExtras appointment={appointment({ status: 'cancelled' })} onNotice={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});
