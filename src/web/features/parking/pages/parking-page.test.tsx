import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParkingLotResponse, ParkingSpot } from '../../../../contracts/parking';
import type { Permission } from '../../../../contracts/permissions';
import { json, renderPatientView, stubApi } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { loadPermissionsValidator } from '../../../lib/permissions/permissions-query';
import { permissionsAnswer } from '../../../lib/permissions/testing';
import { sessionUser } from '../../../lib/session/testing';
import { ParkingPage } from './parking-page';

// The car park with real components, i18n and TanStack Query; fetch is the only thing replaced.
// The desk sees a level as a map of named, focusable spots and as a table, with its figures; gives
// a free spot to a visit; looks at another day (its visits with the parking booked, the spots as
// they stand that day); and reads the loading, empty and error states.

const desk = sessionUser({ id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', role: 'staff', firstName: 'Dana', lastName: 'Desk' });
const VISIT = '11111111-1111-4111-8111-111111111111';

const IDS: Record<string, string> = {
  A1: 'a1a1a1a1-0000-4000-8000-000000000001',
  A2: 'a2a2a2a2-0000-4000-8000-000000000002',
  C1: 'c1c1c1c1-0000-4000-8000-000000000003',
};
const RAFAEL = '33333333-3333-4333-8333-333333333333';

function spot(number: string, overrides: Partial<ParkingSpot> = {}): ParkingSpot {
  const index = Number(number.slice(1));
  return {
    id: IDS[number]!,
    number,
    level: 1,
    section: number[0]!,
    type: 'regular',
    status: 'available',
    x: 1 + index * 2,
    y: 1,
    appointmentId: null,
    version: 1,
    ...overrides,
  };
}

const TODAY = '2030-03-12';
const TOMORROW = '2030-03-13';

const LOT: ParkingLotResponse['data'] = {
  date: TODAY,
  today: TODAY,
  spots: [
    spot('A1', { type: 'handicap' }),
    spot('A2', { status: 'occupied', appointmentId: VISIT }),
    spot('C1', { type: 'electric', status: 'out_of_service' }),
    spot('A1', { level: 2, id: '22222222-2222-4222-8222-222222222222' }),
  ],
  counts: [
    { level: 1, type: 'regular', free: 0, reserved: 0, occupied: 1, outOfService: 0 },
    { level: 1, type: 'handicap', free: 1, reserved: 0, occupied: 0, outOfService: 0 },
    { level: 1, type: 'electric', free: 0, reserved: 0, occupied: 0, outOfService: 1 },
    { level: 2, type: 'regular', free: 1, reserved: 0, occupied: 0, outOfService: 0 },
  ],
  visits: [
    {
      appointmentId: VISIT,
      startsAt: `${TODAY}T09:30:00.000Z`,
      patient: { firstName: 'Ingrid', lastName: 'Solberg' },
      licensePlate: 'AB 123',
      spotId: IDS.A2!,
    },
    {
      appointmentId: RAFAEL,
      startsAt: `${TODAY}T10:00:00.000Z`,
      patient: { firstName: 'Rafael', lastName: 'Moreno' },
      licensePlate: null,
      spotId: null,
    },
  ],
};

/** The next day: Rafael's visit with the parking booked for it, and every spot free that day. */
const NEXT_DAY: ParkingLotResponse['data'] = {
  ...LOT,
  date: TOMORROW,
  spots: LOT.spots.map((one) => (one.status === 'out_of_service' ? one : { ...one, status: 'available', appointmentId: null })),
  visits: [{ ...LOT.visits[1]!, startsAt: `${TOMORROW}T10:00:00.000Z`, licensePlate: 'PK 2077' }],
};

function serve(
  lot: ParkingLotResponse['data'] | null,
  granted: Permission[] = ['appointments.view.all', 'appointments.update'],
  days: Record<string, ParkingLotResponse['data']> = {},
) {
  return stubApi({
    [`GET /api/users/${desk.id}/permissions`]: () => json(permissionsAnswer(granted.map((permission) => ({ permission })))),
    ...(lot ? { 'GET /api/parking/spots': (call) => json({ data: days[call.search] ?? lot }) } : {}),
    [`POST /api/parking/spots/${IDS.A1}/assign`]: () =>
      json({ data: { ...LOT.spots[0], status: 'reserved', appointmentId: RAFAEL, version: 2 } }),
  });
}

beforeAll(async () => {
  await initI18n('en');
  await loadPermissionsValidator();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('car park page', { timeout: 20_000 }, () => {
  it('shows level 1 as a map of named spots, as a table, and its figures; level 2 on request', async () => {
    serve(LOT);
    renderPatientView(<ParkingPage />, { user: desk });
    const map = await screen.findByRole('group', { name: 'Parking spots of level 1' });
    expect(
      within(map)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Spot A1, level 1, accessible, available',
      'Spot A2, level 1, regular, occupied',
      'Spot C1, level 1, electric, out of service',
    ]);
    expect(screen.getByTestId('parking-figure-free')).toHaveTextContent('1');
    expect(screen.getByTestId('parking-figure-occupied')).toHaveTextContent('1');
    const row = screen.getByTestId('parking-row-A2');
    expect(row).toHaveTextContent('occupied');
    expect(row).toHaveTextContent('Ingrid Solberg · AB 123');
    expect(within(row).getByRole('button', { name: 'Release A2' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Level 2' }));
    expect(within(screen.getByRole('group', { name: 'Parking spots of level 2' })).getAllByRole('button')).toHaveLength(1);
  });

  it('selects a spot from the keyboard and gives it to a visit still without a spot', async () => {
    const calls = serve(LOT);
    renderPatientView(<ParkingPage />, { user: desk });
    const free = await screen.findByRole('button', { name: 'Spot A1, level 1, accessible, available' });
    fireEvent.keyDown(free, { key: 'Enter' });
    expect(free).toHaveAttribute('aria-pressed', 'true');
    const selected = screen.getByTestId('parking-selected');
    const visit = within(selected).getByRole('combobox', { name: 'Visit for spot A1' });
    expect(
      within(visit)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('Rafael Moreno')]);
    fireEvent.click(within(selected).getByRole('button', { name: 'Assign A1' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/parking/spots/${IDS.A1}/assign`,
      body: { appointmentId: RAFAEL },
    });
  });

  it('shows no steps to a staff member who may read the day but not change it', async () => {
    serve(LOT, ['appointments.view.all']);
    renderPatientView(<ParkingPage />, { user: desk });
    await screen.findByTestId('parking-row-A2');
    expect(screen.queryByRole('button', { name: 'Release A2' })).toBeNull();
  });

  it('shows the next day on request: the parking booked with its visits, the spots free, no spot given ahead', async () => {
    const calls = serve(LOT, undefined, { [`?date=${TOMORROW}`]: NEXT_DAY });
    renderPatientView(<ParkingPage />, { user: desk });
    expect(await screen.findByTestId('parking-day-shown')).toHaveTextContent('Showing today, Tuesday, March 12, 2030');
    const visits = screen.getByTestId('parking-visits');
    expect(visits).toHaveTextContent('Visits: 2 · parking booked: 1');
    expect(within(visits).getAllByTestId('parking-visit')[0]).toHaveTextContent('Parking booked for AB 123');
    expect(within(visits).getAllByTestId('parking-visit')[0]).toHaveTextContent('Spot A2, level 1');
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await vi.waitFor(() => expect(screen.getByTestId('parking-day-shown')).toHaveTextContent('Showing Wednesday, March 13, 2030'));
    expect(calls.filter((call) => call.url === '/api/parking/spots').map((call) => call.search)).toEqual(['', `?date=${TOMORROW}`]);
    expect(await screen.findByRole('heading', { name: 'Visits in person on Wednesday, March 13, 2030' })).toBeInTheDocument();
    const later = screen.getByTestId('parking-visits');
    expect(later).toHaveTextContent('Parking booked for PK 2077');
    expect(later).toHaveTextContent('No spot yet');
    const free = screen.getByRole('button', { name: 'Spot A2, level 1, regular, available' });
    fireEvent.keyDown(free, { key: 'Enter' });
    expect(screen.getByTestId('parking-not-today')).toHaveTextContent('Spots are given to a visit on its own day.');
    expect(screen.getByTestId('parking-selected')).toHaveTextContent('Spot A2, level 1, regular, available');
    expect(screen.queryByRole('combobox', { name: 'Visit for spot A2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign A2' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await vi.waitFor(() => expect(screen.getByTestId('parking-day-shown')).toHaveTextContent('Showing today'));
    expect(await screen.findByRole('button', { name: 'Spot A2, level 1, regular, occupied' })).toBeInTheDocument();
    expect(screen.queryByTestId('parking-not-today')).toBeNull();
  });

  it('takes a day typed in the date field, and says when a typed day lies outside the days it may show', async () => {
    const calls = serve(LOT, undefined, { [`?date=${TOMORROW}`]: NEXT_DAY });
    renderPatientView(<ParkingPage />, { user: desk });
    const field = await screen.findByRole('group', { name: 'Day shown' });
    const year = within(field).getByRole('textbox', { name: 'Year' });
    fireEvent.change(year, { target: { value: '2035' } });
    fireEvent.blur(year);
    expect(await screen.findByText(/^Please choose a day from .* to .*2032\.$/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/parking/spots')).toHaveLength(1);

    fireEvent.change(year, { target: { value: '2030' } });
    fireEvent.change(within(field).getByRole('textbox', { name: 'Day' }), { target: { value: '13' } });
    await vi.waitFor(() => expect(screen.getByTestId('parking-day-shown')).toHaveTextContent('Showing Wednesday, March 13, 2030'));
    expect(await screen.findByRole('heading', { name: 'Visits in person on Wednesday, March 13, 2030' })).toBeInTheDocument();
    expect(calls.at(-1)?.search).toBe(`?date=${TOMORROW}`);
    expect(screen.queryByText(/^Please choose a day/)).toBeNull();
  });

  it('keeps the day chooser when another day cannot be loaded, so the desk can go back to today', async () => {
    stubApi({
      [`GET /api/users/${desk.id}/permissions`]: () =>
        json(permissionsAnswer((['appointments.view.all', 'appointments.update'] as const).map((permission) => ({ permission })))),
      'GET /api/parking/spots': (call) => (call.search ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500) : json({ data: LOT })),
    });
    renderPatientView(<ParkingPage />, { user: desk });
    fireEvent.click(await screen.findByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('The car park could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('parking-day-shown')).toHaveTextContent('Showing Wednesday, March 13, 2030');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('button', { name: 'Spot A2, level 1, regular, occupied' })).toBeInTheDocument();
  });

  it('says when the lot has no spots, and when it cannot be loaded', async () => {
    serve({ date: TODAY, today: TODAY, spots: [], counts: [], visits: [] });
    const { unmount } = renderPatientView(<ParkingPage />, { user: desk });
    expect(await screen.findByText('No parking spots yet')).toBeInTheDocument();
    unmount();
    serve(null);
    renderPatientView(<ParkingPage />, { user: desk });
    expect(await screen.findByText('The car park could not be loaded.')).toBeInTheDocument();
  });
});
