import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointment, json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { BookForPatientDialog } from './book-for-patient';
import { RescheduleDialog } from './reschedule-dialog';

// The desk's booking and moving dialogs with the real form kit, slot picker, i18n and TanStack
// Query; fetch is the only thing replaced. Times are on the clinic's clock (UTC here).

const staff = sessionUser({ id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a', role: 'staff', firstName: 'Emily', lastName: 'Rodriguez' });
const DOCTOR = {
  id: '0c0ffee0-0000-4000-8000-000000000001',
  firstName: 'Maria',
  lastName: 'Lopez',
  specialty: 'Cardiology',
  telemedicineEnabled: true,
};
const PATIENT = {
  id: '0c0ffee0-0000-4000-8000-0000000000a1',
  firstName: 'Lena',
  lastName: 'Berg',
  name: 'Lena Berg',
  email: 'lena@example.org',
  phone: null,
  dateOfBirth: '1980-02-03',
  gender: null,
  medicalRecordNumber: 'MRN-000777',
};

/** Two free slots tomorrow at 10:00 and 10:30 UTC. */
function tomorrow() {
  const day = new Date(Date.now() + 86_400_000);
  const date = day.toISOString().slice(0, 10);
  return { date, first: `${date}T10:00:00.000Z`, second: `${date}T10:30:00.000Z` };
}

type Handler = (call: { url: string; body: unknown }) => Response;

function stubServer(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      const answer = routes[`${method} ${url.split('?')[0]}`];
      return answer ? answer({ url, body }) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

function slotsAnswer(times: string[]) {
  return json({
    doctorId: DOCTOR.id,
    clinicTimeZone: 'UTC',
    data: times.map((startsAt) => ({ startsAt, endsAt: startsAt, duration: 30 })),
  });
}

function baseRoutes(slots: () => string[]): Record<string, Handler> {
  return {
    'GET /api/doctors': () => json({ data: [DOCTOR], page: 1, pageSize: 100, total: 1 }),
    'GET /api/patients': ({ url }) =>
      json({ data: url.includes('search=Nobody') ? [] : [PATIENT], page: 1, pageSize: 100, total: url.includes('search=Nobody') ? 0 : 1 }),
    [`GET /api/doctors/${DOCTOR.id}/slots`]: () => slotsAnswer(slots()),
  };
}

async function fillIn(user: UserEvent) {
  const dialog = await screen.findByRole('dialog', { name: 'Book an appointment for a patient' });
  const patient = await within(dialog).findByRole('combobox', { name: 'Patient' });
  await waitFor(() => expect(within(patient).getAllByRole('option')).toHaveLength(2));
  await user.selectOptions(patient, PATIENT.id);
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Doctor' }), DOCTOR.id);
  await user.click(within(dialog).getByRole('radio', { name: 'Video consultation' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason for the visit' }), 'Follow-up');
  const day = await within(dialog).findByRole('group', { name: 'Day' });
  await user.click(within(day).getAllByRole('radio')[0]!);
  const times = await within(dialog).findByRole('group', { name: /Free times on/ });
  await user.click(within(times).getAllByRole('radio')[0]!);
  return dialog;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('booking for a patient at the desk', { timeout: 20_000 }, () => {
  it('books the chosen patient, doctor, kind, reason and free time on the clinic’s clock, then offers to move it', async () => {
    const { date, first, second } = tomorrow();
    const booked = appointment({ id: '0c0ffee0-0000-4000-8000-0000000000b1', patient: PATIENT, doctorId: DOCTOR.id, startsAt: first });
    const calls = stubServer({
      ...baseRoutes(() => [first, second]),
      'POST /api/staff/appointments': () => json({ data: booked }, 201),
      [`PUT /api/staff/appointments/${booked.id}`]: () => json({ data: { ...booked, startsAt: second } }),
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderPatientView(<BookForPatientDialog clinicTimeZone="UTC" mayReschedule onClose={onClose} />, { user: staff });

    const dialog = await fillIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(await within(dialog).findByTestId('desk-booked')).toHaveTextContent('Booked: Lena Berg with');
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/staff/appointments');
    expect(post?.body).toEqual({
      patientId: PATIENT.id,
      doctorId: DOCTOR.id,
      date,
      time: '10:00',
      timeZone: 'UTC',
      type: 'video',
      reason: 'Follow-up',
    });

    // The patient asks for another time straight away.
    await user.click(within(dialog).getByRole('button', { name: 'Choose another time' }));
    const move = await screen.findByRole('dialog', { name: 'Move the appointment of Lena Berg' });
    const day = await within(move).findByRole('group', { name: 'Day' });
    await user.click(within(day).getAllByRole('radio')[0]!);
    const times = await within(move).findByRole('group', { name: /Free times on/ });
    await user.click(within(times).getAllByRole('radio')[1]!);
    await user.click(within(move).getByRole('button', { name: 'Move appointment' }));
    const moved = await screen.findByTestId('desk-booked');
    await waitFor(() =>
      expect(moved).toHaveTextContent(new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(second))),
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ date, time: '10:30', timeZone: 'UTC' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reserves parking for a visit in person, as the patient’s own booking does, and says so once booked', async () => {
    const { date, first } = tomorrow();
    const booked = appointment({
      id: '0c0ffee0-0000-4000-8000-0000000000b2',
      patient: PATIENT,
      doctorId: DOCTOR.id,
      startsAt: first,
      type: 'in-person',
      parkingReservation: {
        id: '0c0ffee0-0000-4000-8000-0000000000c1',
        appointmentId: '0c0ffee0-0000-4000-8000-0000000000b2',
        licensePlate: 'KL 2026',
        arrivalTime: `${date}T09:45:00.000Z`,
        departureTime: `${date}T10:45:00.000Z`,
        status: 'reserved',
      },
    });
    const calls = stubServer({ ...baseRoutes(() => [first]), 'POST /api/staff/appointments': () => json({ data: booked }, 201) });
    const user = userEvent.setup();
    renderPatientView(<BookForPatientDialog clinicTimeZone="UTC" mayReschedule onClose={() => undefined} />, { user: staff });
    const dialog = await fillIn(user);
    // A video visit has no parking; in person it is offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'Reserve a parking space' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'In person' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reserve a parking space' }));
    // The window around the chosen time is filled in; a bad plate is refused before anything is sent.
    expect(within(dialog).getByLabelText('Arrival')).toHaveValue('09:45');
    expect(within(dialog).getByLabelText('Departure')).toHaveValue('10:45');
    await user.type(within(dialog).getByRole('textbox', { name: 'Licence plate' }), '!!');
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const plate = within(dialog).getByRole('textbox', { name: 'Licence plate' });
    await user.clear(plate);
    await user.type(plate, 'kl 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(await within(dialog).findByTestId('desk-booked-parking')).toHaveTextContent('KL 2026');
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/staff/appointments');
    expect(post?.body).toMatchObject({
      type: 'in-person',
      // Sent as typed; the server writes the plate in capitals, as for a patient's own booking.
      parking: { licensePlate: 'kl 2026', arrivalTime: '09:45', departureTime: '10:45' },
    });
  });

  it('says what is missing and sends nothing', async () => {
    const calls = stubServer(baseRoutes(() => []));
    const user = userEvent.setup();
    renderPatientView(<BookForPatientDialog clinicTimeZone="UTC" mayReschedule onClose={() => undefined} />, { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment for a patient' });
    await user.click(await within(dialog).findByRole('button', { name: 'Book appointment' }));
    expect(await within(dialog).findByText('Please choose a patient')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a doctor')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('finds a patient by date of birth through the directory', async () => {
    const calls = stubServer(baseRoutes(() => []));
    const user = userEvent.setup();
    renderPatientView(<BookForPatientDialog clinicTimeZone="UTC" mayReschedule onClose={() => undefined} />, { user: staff });
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment for a patient' });
    const birth = await within(dialog).findByLabelText('Date of birth (optional)');
    await user.type(birth, '1980-02-03');
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/patients?') && call.url.includes('dateOfBirth=1980-02-03'))).toBe(true),
    );
  });

  it('when the time was just taken, says so, asks for the free times again and keeps the rest of the form', async () => {
    const { first, second } = tomorrow();
    let asked = 0;
    stubServer({
      ...baseRoutes(() => {
        asked += 1;
        return asked === 1 ? [first, second] : [second];
      }),
      'POST /api/staff/appointments': () => json({ error: { code: 'SLOT_TAKEN', message: 'taken' } }, 409),
    });
    const user = userEvent.setup();
    renderPatientView(<BookForPatientDialog clinicTimeZone="UTC" mayReschedule onClose={() => undefined} />, { user: staff });
    const dialog = await fillIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));

    expect(await within(dialog).findByTestId('desk-book-error')).toHaveTextContent('Someone has just taken this time');
    await waitFor(() => expect(asked).toBeGreaterThan(1));
    expect(within(dialog).getByRole('combobox', { name: 'Patient' })).toHaveValue(PATIENT.id);
    expect(within(dialog).getByRole('combobox', { name: 'Doctor' })).toHaveValue(DOCTOR.id);
    expect(within(dialog).getByRole('textbox', { name: 'Reason for the visit' })).toHaveValue('Follow-up');
    expect(within(dialog).getByRole('radio', { name: 'Video consultation' })).toBeChecked();
  });

  it('says another refusal in words by its code', async () => {
    const { first } = tomorrow();
    stubServer({
      ...baseRoutes(() => [first]),
      'POST /api/staff/appointments': () => json({ error: { code: 'NOT_FOUND', message: 'gone' } }, 404),
    });
    const user = userEvent.setup();
    renderPatientView(<BookForPatientDialog clinicTimeZone="UTC" mayReschedule onClose={() => undefined} />, { user: staff });
    const dialog = await fillIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    const alert = await within(dialog).findByTestId('desk-book-error');
    expect(alert).toHaveTextContent('This could not be found');
    expect(alert).not.toHaveTextContent('gone');
    expect(within(dialog).getByRole('textbox', { name: 'Reason for the visit' })).toHaveValue('Follow-up');
  });
});

describe('moving an appointment at the desk', { timeout: 20_000 }, () => {
  it('says why the server refused and keeps the dialog open', async () => {
    const { first, second } = tomorrow();
    const visit = appointment({ id: '0c0ffee0-0000-4000-8000-0000000000c1', patient: PATIENT, doctorId: DOCTOR.id, startsAt: first });
    stubServer({
      ...baseRoutes(() => [second]),
      [`PUT /api/staff/appointments/${visit.id}`]: () => json({ error: { code: 'APPOINTMENT_NOT_CHANGEABLE', message: 'no' } }, 409),
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderPatientView(<RescheduleDialog appointment={visit} clinicTimeZone="UTC" onClose={onClose} />, { user: staff });
    const move = await screen.findByRole('dialog', { name: 'Move the appointment of Lena Berg' });
    await user.click(within(move).getByRole('button', { name: 'Move appointment' }));
    expect(await within(move).findByText('Please choose a free time.')).toBeInTheDocument();

    const day = await within(move).findByRole('group', { name: 'Day' });
    await user.click(within(day).getAllByRole('radio')[0]!);
    const times = await within(move).findByRole('group', { name: /Free times on/ });
    await user.click(within(times).getAllByRole('radio')[0]!);
    await user.click(within(move).getByRole('button', { name: 'Move appointment' }));
    expect(await within(move).findByTestId('desk-reschedule-error')).toHaveTextContent('can no longer be changed');
    expect(onClose).not.toHaveBeenCalled();
  });
});
