import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../contracts/booking';
import { appointment, json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { BookAppointmentPage } from './book-appointment-page';

const DOCTOR = {
  id: '0c0ffee0-0000-4000-8000-000000000001',
  firstName: 'Maria',
  lastName: 'Lopez',
  specialty: 'Cardiology',
  telemedicineEnabled: false,
};
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Two free slots tomorrow at 10:00 and 10:30 local time. */
function slotsTomorrow() {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  day.setHours(10, 0, 0, 0);
  const first = day.toISOString();
  const second = new Date(day.getTime() + 30 * 60_000).toISOString();
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return { first, second, date };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubServer(post: () => Response, slots: () => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const path = url.split('?')[0];
      if (path === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (path === '/api/doctors') return json({ data: [DOCTOR], page: 1, pageSize: 100, total: 1 });
      if (path === `/api/doctors/${DOCTOR.id}/slots`) return json(slots());
      if (path === '/api/appointments' && method === 'POST') return post();
      return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

function renderBooking(path = `/appointments/book?doctorId=${DOCTOR.id}`) {
  return renderPatientView(
    <Routes>
      <Route path="/appointments/book" element={<BookAppointmentPage />} />
      <Route path="/appointments" element={<p>Appointments list</p>} />
    </Routes>,
    { path },
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('booking an appointment', { timeout: 20_000 }, () => {
  it('books the chosen free time with the reason, the patient’s zone and parking, then returns to the list', async () => {
    const { first, date } = slotsTomorrow();
    const slots = { doctorId: DOCTOR.id, clinicTimeZone: 'UTC', data: [{ startsAt: first, endsAt: first, duration: 30 }] };
    const calls = stubServer(
      () => json({ data: appointment({ startsAt: first }) }, 201),
      () => slots,
    );
    const user = userEvent.setup();
    renderBooking();

    expect(await screen.findByRole('combobox', { name: 'Doctor' })).toHaveValue(DOCTOR.id);
    expect(screen.getByRole('radio', { name: 'Video consultation' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reason for the visit' }), 'Chest tightness');
    const day = await screen.findByRole('group', { name: 'Day' });
    await user.click(within(day).getAllByRole('radio')[0]!);
    const times = await screen.findByRole('group', { name: /Free times on/ });
    await user.click(within(times).getByRole('radio'));
    await user.click(screen.getByRole('checkbox', { name: 'Reserve a parking space' }));
    await user.type(screen.getByRole('textbox', { name: 'Licence plate' }), 'ab 123');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(await screen.findByText('Appointments list')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/appointments');
    expect(post?.body).toEqual({
      doctorId: DOCTOR.id,
      date,
      time: '10:00',
      timeZone,
      type: 'in-person',
      reason: 'Chest tightness',
      parking: { licensePlate: 'ab 123', arrivalTime: '09:45', departureTime: '10:45' },
    });
  });

  it('says what is missing and sends nothing', async () => {
    const calls = stubServer(
      () => json({}, 201),
      () => ({ doctorId: DOCTOR.id, clinicTimeZone: 'UTC', data: [] }),
    );
    const user = userEvent.setup();
    renderBooking('/appointments/book');
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect(screen.getByText('Please choose a doctor')).toBeInTheDocument();
    expect(screen.getByText('Please tell us the reason for your visit')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('treats a doctor id that names nobody as no choice', async () => {
    stubServer(
      () => json({}, 201),
      () => ({ doctorId: DOCTOR.id, clinicTimeZone: 'UTC', data: [] }),
    );
    renderBooking('/appointments/book?doctorId=0c0ffee0-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('combobox', { name: 'Doctor' })).toHaveValue('');
    expect(screen.getByText('Choose a doctor to see their free times.')).toBeInTheDocument();
  });

  it('tells the patient when the time was just taken, refreshes the free times and keeps what was typed', async () => {
    const { first, second } = slotsTomorrow();
    let answered = 0;
    const slots = () => {
      answered += 1;
      const data = answered === 1 ? [first, second] : [second];
      return { doctorId: DOCTOR.id, clinicTimeZone: 'UTC', data: data.map((startsAt) => ({ startsAt, endsAt: startsAt, duration: 30 })) };
    };
    stubServer(() => json({ error: { code: 'SLOT_TAKEN', message: BOOKING_MESSAGES.slotTaken } }, 409), slots);
    const user = userEvent.setup();
    renderBooking();

    await user.type(await screen.findByRole('textbox', { name: 'Reason for the visit' }), 'Follow-up');
    await user.click(within(await screen.findByRole('group', { name: 'Day' })).getAllByRole('radio')[0]!);
    const times = await screen.findByRole('group', { name: /Free times on/ });
    expect(within(times).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(times).getAllByRole('radio')[0]!);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(await screen.findByTestId('booking-error')).toHaveTextContent('Someone has just taken this time');
    await waitFor(() => expect(within(screen.getByRole('group', { name: /Free times on/ })).getAllByRole('radio')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'Reason for the visit' })).toHaveValue('Follow-up');
    expect(within(screen.getByRole('group', { name: /Free times on/ })).getByRole('radio')).not.toBeChecked();
  });
});
