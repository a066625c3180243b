import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointment, json, PATIENT_ID, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { AppointmentsPage } from './appointments-page';

const UPCOMING = `/api/appointments/patient/${PATIENT_ID}?when=upcoming&pageSize=50`;
const PAST = `/api/appointments/patient/${PATIENT_ID}?when=past&pageSize=50`;
const WAITLIST = '/api/waitlist';
const page = (data: unknown[]) => () => json({ data, page: 1, pageSize: 50, total: data.length });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole views with several queries: slower than a unit test on a busy machine.
describe('appointments view', { timeout: 20_000 }, () => {
  it('lists upcoming appointments with status, doctor, type and time, and past ones on their tab', async () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    stubRoutes({
      [UPCOMING]: page([appointment({ startsAt, type: 'video', reason: 'Follow-up', duration: 20, bookedByRole: 'staff' })]),
      [PAST]: page([appointment({ status: 'cancelled', reason: 'Old visit' })]),
    });
    const user = userEvent.setup();
    renderPatientView(<AppointmentsPage />);

    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Reason: Follow-up')).toBeInTheDocument();
    expect(screen.getByText('Video visit')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText(/Dr\. Maria Lopez · Cardiology/)).toBeInTheDocument();
    expect(screen.getByText(/20 minutes/)).toBeInTheDocument();
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
    expect(screen.getByText(expected)).toHaveAttribute('datetime', startsAt);
    expect(screen.getByTestId('booked-by')).toHaveTextContent('Booked by the front desk');

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Reason: Old visit')).toBeInTheDocument();
    expect(screen.getByTestId('booked-by')).toHaveTextContent('Booked by you');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });

  it('says the parking of an upcoming appointment once on its card', async () => {
    const id = crypto.randomUUID();
    const parkingReservation = {
      id: crypto.randomUUID(),
      appointmentId: id,
      licensePlate: 'PARK 42',
      arrivalTime: '2030-03-12T14:10:00.000Z',
      departureTime: '2030-03-12T16:00:00.000Z',
      status: 'reserved' as const,
    };
    stubRoutes({ [UPCOMING]: page([appointment({ id, parkingReservation })]), [PAST]: page([]) });
    renderPatientView(<AppointmentsPage />);

    const card = (await screen.findByText('Reason: Blood pressure review')).closest('li')!;
    expect(card.textContent?.match(/PARK 42/g)).toHaveLength(1);
    expect(screen.getByTestId('parking-details')).toHaveTextContent('PARK 42');
  });

  it('marks a confirmed appointment, with when it was confirmed for a pointer and a screen reader', async () => {
    const confirmedAt = '2030-03-01T08:15:00.000Z';
    stubRoutes({
      [UPCOMING]: page([appointment({ reason: 'Confirmed one', confirmedAt }), appointment({ reason: 'Not yet' })]),
      [PAST]: page([]),
    });
    renderPatientView(<AppointmentsPage />);

    const confirmedCard = (await screen.findByText('Reason: Confirmed one')).closest('li')!;
    const badge = within(confirmedCard).getByTestId('confirmed-badge');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(confirmedAt));
    expect(badge).toHaveTextContent('Confirmed');
    expect(badge).toHaveAttribute('title', `Confirmed on ${when}`);
    expect(within(badge).getByText(`Confirmed on ${when}`)).toHaveClass('sr-only');
    expect(within(confirmedCard).queryByRole('button', { name: 'Confirm appointment' })).not.toBeInTheDocument();
    const openCard = screen.getByText('Reason: Not yet').closest('li')!;
    expect(within(openCard).queryByTestId('confirmed-badge')).not.toBeInTheDocument();
    expect(within(openCard).getByRole('button', { name: 'Confirm appointment' })).toBeInTheDocument();
  });

  it('says a request waits for the clinic, and offers no confirmation of it yet', async () => {
    stubRoutes({
      [UPCOMING]: page([appointment({ reason: 'Asked for', status: 'requested' }), appointment({ reason: 'Booked' })]),
      [PAST]: page([]),
    });
    renderPatientView(<AppointmentsPage />);
    const requestCard = (await screen.findByText('Reason: Asked for')).closest('li')!;
    expect(within(requestCard).getByText('Requested')).toBeInTheDocument();
    expect(within(requestCard).getByTestId('awaiting-approval')).toHaveTextContent('A request: waiting for the clinic to confirm it.');
    expect(within(requestCard).queryByRole('button', { name: 'Confirm appointment' })).not.toBeInTheDocument();
    const bookedCard = screen.getByText('Reason: Booked').closest('li')!;
    expect(within(bookedCard).queryByTestId('awaiting-approval')).not.toBeInTheDocument();
  });

  it('opens on the past tab from a link and says when there is none', async () => {
    stubRoutes({ [UPCOMING]: page([]), [PAST]: page([]) });
    renderPatientView(<AppointmentsPage />, { path: '/appointments?tab=past' });
    expect(await screen.findByText('You have no past appointments.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let up = false;
    stubRoutes({
      [UPCOMING]: () => (up ? page([appointment({ reason: 'Back again' })])() : json({}, 500)),
      [WAITLIST]: () => json({ entries: [], offers: [] }),
    });
    const user = userEvent.setup();
    renderPatientView(<AppointmentsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your appointments could not be loaded.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Reason: Back again')).toBeInTheDocument();
  });
});
