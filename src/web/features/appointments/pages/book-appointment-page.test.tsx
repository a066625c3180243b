import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
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
  headers: Record<string, string>;
}

function stubServer(post: () => Response, slots: () => unknown, joinWaitlist: () => Response = () => json({}, 500)) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const path = url.split('?')[0];
      if (path === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (path === '/api/doctors') return json({ data: [DOCTOR], page: 1, pageSize: 100, total: 1 });
      if (path === `/api/doctors/${DOCTOR.id}/slots`) return json(slots());
      if (path === '/api/appointments' && method === 'POST') return post();
      if (path === '/api/waitlist' && method === 'POST') return joinWaitlist();
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

/** A day about a month ahead (well within the appointment window), as the contract writes it. */
function dayAhead(days = 30) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  const iso = day.toISOString().slice(0, 10);
  const [year = '', month = '', date = ''] = iso.split('-');
  const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return { iso, year, month, date, shown };
}

async function typeLatestDate(user: ReturnType<typeof userEvent.setup>, day: ReturnType<typeof dayAhead>) {
  const group = await screen.findByRole('group', { name: 'Latest date I could come' });
  await user.type(within(group).getByRole('textbox', { name: 'Day' }), day.date);
  await user.type(within(group).getByRole('textbox', { name: 'Month' }), day.month);
  await user.type(within(group).getByRole('textbox', { name: 'Year' }), day.year);
}

describe('joining the waitlist from the booking page', { timeout: 20_000 }, () => {
  const noSlots = () => ({ doctorId: DOCTOR.id, clinicTimeZone: 'UTC', data: [] });
  const entry = (latestDate: string | null) => ({
    data: {
      id: '0c0ffee0-0000-4000-8000-0000000000e1',
      doctorId: DOCTOR.id,
      doctor: { firstName: 'Maria', lastName: 'Lopez' },
      latestDate,
      appointmentId: null,
      createdAt: new Date().toISOString(),
    },
  });

  it('is offered only once a doctor is chosen', async () => {
    stubServer(() => json({}, 201), noSlots);
    renderBooking('/appointments/book');
    expect(await screen.findByRole('combobox', { name: 'Doctor' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Join the waitlist for an earlier time' })).not.toBeInTheDocument();
  });

  it('sends the doctor, the kind of visit, the reason and the latest date with a key, then confirms', async () => {
    const day = dayAhead();
    const calls = stubServer(
      () => json({}, 500),
      noSlots,
      () => json(entry(day.iso), 201),
    );
    const user = userEvent.setup();
    renderBooking('/appointments/book');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Doctor' }), DOCTOR.id);
    await user.click(screen.getByRole('radio', { name: 'In person' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the visit' }), '  Knee pain after a fall ');
    await typeLatestDate(user, day);
    await user.click(screen.getByRole('button', { name: 'Join the waitlist for an earlier time' }));

    const result = await screen.findByTestId('waitlist-join-result');
    expect(result).toHaveRole('status');
    expect(result).toHaveTextContent(`You are on the waitlist for a time no later than ${day.shown}.`);
    expect(within(result).getByRole('link', { name: 'See your waitlist' })).toHaveAttribute('href', '/appointments#waitlist');
    const joins = calls.filter((c) => c.method === 'POST' && c.url === '/api/waitlist');
    expect(joins).toHaveLength(1);
    expect(joins[0]?.body).toEqual({ doctorId: DOCTOR.id, type: 'in-person', reason: 'Knee pain after a fall', latestDate: day.iso });
    expect(joins[0]?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/appointments')).toBe(false);
  });

  it('asks for the reason first and sends nothing without it', async () => {
    const calls = stubServer(() => json({}, 500), noSlots);
    const user = userEvent.setup();
    renderBooking();

    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for an earlier time' }));
    expect(await screen.findByText('Please tell us the reason for your visit')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reason for the visit' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a refusal by its code in the reader’s language and keeps the reason and the date', async () => {
    await i18next.changeLanguage('de');
    try {
      const day = dayAhead(40);
      stubServer(
        () => json({}, 500),
        noSlots,
        () => json({ error: { code: 'WAITLIST_ALREADY_JOINED', message: 'You are already on the waitlist for this doctor.' } }, 409),
      );
      const user = userEvent.setup();
      renderBooking();

      await user.type(await screen.findByRole('textbox', { name: 'Grund des Besuchs' }), 'Kontrolle');
      const group = screen.getByRole('group', { name: 'Spätestes Datum, an dem ich kommen könnte' });
      await user.type(within(group).getByRole('textbox', { name: 'Tag' }), day.date);
      await user.type(within(group).getByRole('textbox', { name: 'Monat' }), day.month);
      await user.type(within(group).getByRole('textbox', { name: 'Jahr' }), day.year);
      await user.click(screen.getByRole('button', { name: 'Auf die Warteliste für einen früheren Termin' }));

      const result = await screen.findByTestId('waitlist-join-result');
      expect(result).toHaveRole('alert');
      expect(result).toHaveTextContent('Sie stehen bereits auf der Warteliste für diese Ärztin bzw. diesen Arzt.');
      await waitFor(() => expect(result.parentElement).toHaveFocus());
      expect(screen.getByRole('textbox', { name: 'Grund des Besuchs' })).toHaveValue('Kontrolle');
      expect(within(group).getByRole('textbox', { name: 'Tag' })).toHaveValue(day.date);
      expect(within(group).getByRole('textbox', { name: 'Monat' })).toHaveValue(day.month);
      expect(within(group).getByRole('textbox', { name: 'Jahr' })).toHaveValue(day.year);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('marks a latest date outside the appointment window and sends nothing', async () => {
    const calls = stubServer(() => json({}, 500), noSlots);
    const user = userEvent.setup();
    renderBooking();

    await user.type(await screen.findByRole('textbox', { name: 'Reason for the visit' }), 'Check-up');
    await typeLatestDate(user, { ...dayAhead(), year: '2199' });
    await user.click(screen.getByRole('button', { name: 'Join the waitlist for an earlier time' }));

    expect(await screen.findByText('Please choose a date within the next two years')).toBeInTheDocument();
    // The first box in the reader's order (month first in English) takes focus.
    expect(within(screen.getByRole('group', { name: 'Latest date I could come' })).getAllByRole('textbox')[0]).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
