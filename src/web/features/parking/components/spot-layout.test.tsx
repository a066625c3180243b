import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParkingLotResponse, ParkingSpot } from '../../../../contracts/parking';
import { json, renderPatientView, stubApi } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { loadPermissionsValidator } from '../../../lib/permissions/permissions-query';
import { permissionsAnswer } from '../../../lib/permissions/testing';
import { sessionUser } from '../../../lib/session/testing';
import { ParkingPage } from '../pages/parking-page';

// The administrator's edit mode of the car park with the real page, form kit, i18n and TanStack
// Query; fetch is the only thing replaced. Staff never see it.

const admin = sessionUser({ id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const desk = sessionUser({ id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', role: 'staff', firstName: 'Dana', lastName: 'Desk' });
const VISIT = '11111111-1111-4111-8111-111111111111';

const FREE: ParkingSpot = {
  id: 'a1a1a1a1-0000-4000-8000-000000000001',
  number: 'A1',
  level: 1,
  section: 'A',
  type: 'regular',
  status: 'available',
  x: 1,
  y: 1,
  appointmentId: null,
  version: 3,
};
const HELD: ParkingSpot = {
  ...FREE,
  id: 'a2a2a2a2-0000-4000-8000-000000000002',
  number: 'A2',
  x: 3,
  status: 'occupied',
  appointmentId: VISIT,
};
const LOT: ParkingLotResponse['data'] = {
  date: '2030-03-12',
  today: '2030-03-12',
  spots: [FREE, HELD],
  counts: [{ level: 1, type: 'regular', free: 1, reserved: 0, occupied: 1, outOfService: 0 }],
  visits: [],
};

function serve(user: typeof admin, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET /api/users/${user.id}/permissions`]: () =>
      json(permissionsAnswer(['appointments.view.all' as const, 'appointments.update' as const].map((permission) => ({ permission })))),
    'GET /api/parking/spots': () => json({ data: LOT }),
    ...extra,
  });
}

beforeAll(async () => {
  await initI18n('en');
  await loadPermissionsValidator();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('editing the car park', { timeout: 20_000 }, () => {
  it('adds a spot from the keyboard-usable form, on the level in view', async () => {
    const calls = serve(admin, {
      'POST /api/parking/spots': ({ body }) => json({ data: { ...FREE, ...(body as object), id: crypto.randomUUID(), version: 1 } }, 201),
    });
    const user = userEvent.setup();
    renderPatientView(<ParkingPage />, { user: admin });
    const mode = await screen.findByRole('button', { name: 'Edit car park' });
    expect(mode).toHaveAttribute('aria-pressed', 'false');
    await user.click(mode);
    expect(mode).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Add a spot' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add a spot' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Spot number' }), 'd9');
    await user.type(within(dialog).getByRole('textbox', { name: 'Section' }), 'D');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'electric');
    const across = within(dialog).getByRole('spinbutton', { name: 'Position across (cells from the left)' });
    await user.clear(across);
    await user.type(across, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add spot' }));
    expect(await within(dialog).findByText('Please place the spot within the map')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(across);
    await user.type(across, '22');
    const down = within(dialog).getByRole('spinbutton', { name: 'Position down (cells from the top)' });
    await user.clear(down);
    await user.type(down, '13');
    await user.click(within(dialog).getByRole('button', { name: 'Add spot' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a spot' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      number: 'D9',
      level: 1,
      section: 'D',
      type: 'electric',
      x: 22,
      y: 13,
    });
  });

  it('edits a spot with the version it was read at, and says a refusal in words keeping the form', async () => {
    let answered = 0;
    const calls = serve(admin, {
      [`PUT /api/parking/spots/${FREE.id}`]: ({ body }) => {
        answered += 1;
        return answered === 1
          ? json({ error: { code: 'SPOT_NUMBER_TAKEN', message: 'taken' } }, 409)
          : json({ data: { ...FREE, ...(body as object), version: 4 } });
      },
    });
    const user = userEvent.setup();
    renderPatientView(<ParkingPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit car park' }));
    await user.click(within(screen.getByTestId('parking-row-A1')).getByRole('button', { name: 'Edit spot A1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit spot A1' });
    const number = within(dialog).getByRole('textbox', { name: 'Spot number' });
    expect(number).toHaveValue('A1');
    await user.clear(number);
    await user.type(number, 'A2');
    await user.click(within(dialog).getByRole('button', { name: 'Save spot' }));
    expect(await within(dialog).findByTestId('spot-form-error')).toHaveTextContent('Another spot on this level already has this number.');
    expect(number).toHaveValue('A2');

    await user.clear(number);
    await user.type(number, 'A7');
    await user.click(within(dialog).getByRole('button', { name: 'Save spot' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit spot A1' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      number: 'A7',
      level: 1,
      section: 'A',
      type: 'regular',
      x: 1,
      y: 1,
      version: 3,
    });
  });

  it('asks before removing, and says why a spot holding a visit stays', async () => {
    const calls = serve(admin, {
      [`DELETE /api/parking/spots/${HELD.id}`]: () => json({ error: { code: 'SPOT_IN_USE', message: 'in use' } }, 409),
      [`DELETE /api/parking/spots/${FREE.id}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPatientView(<ParkingPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit car park' }));
    await user.click(within(screen.getByTestId('parking-row-A2')).getByRole('button', { name: 'Remove spot A2' }));
    const held = await screen.findByRole('dialog', { name: 'Remove spot A2 of level 1?' });
    await user.click(within(held).getByRole('button', { name: 'Remove spot A2' }));
    expect(await within(held).findByTestId('remove-spot-error')).toHaveTextContent('held for or taken by a visit today');
    await user.click(within(held).getByRole('button', { name: 'Keep it' }));

    await user.click(within(screen.getByTestId('parking-row-A1')).getByRole('button', { name: 'Remove spot A1' }));
    const free = await screen.findByRole('dialog', { name: 'Remove spot A1 of level 1?' });
    await user.click(within(free).getByRole('button', { name: 'Remove spot A1' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove spot A1 of level 1?' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/parking/spots/${HELD.id}`,
      `/api/parking/spots/${FREE.id}`,
    ]);
  });

  it('is not offered to staff, who keep the desk’s steps', async () => {
    serve(desk);
    renderPatientView(<ParkingPage />, { user: desk });
    expect(await within(await screen.findByTestId('parking-row-A2')).findByRole('button', { name: 'Release A2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit car park' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit spot/ })).not.toBeInTheDocument();
  });
});
