import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../../../contracts/permissions';
import type { WaitingRoomResponse } from '../../../../contracts/waiting-room';
import { json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { loadPermissionsValidator } from '../../../lib/permissions/permissions-query';
import { permissionsAnswer } from '../../../lib/permissions/testing';
import { sessionUser } from '../../../lib/session/testing';
import { WaitingRoomPage } from './waiting-room-page';

// The waiting-room screen with real components, i18n and TanStack Query; fetch is the only thing
// replaced. It shows tickets and initials per doctor, says when nobody waits, and refuses accounts
// without the display or the clinic's day.

const display = sessionUser({
  id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  role: 'staff',
  position: 'waiting-room-display',
  firstName: 'Lobby',
  lastName: 'Screen',
});

const BOARD: WaitingRoomResponse['data'] = {
  date: new Date().toISOString().slice(0, 10),
  generatedAt: new Date().toISOString(),
  doctors: [
    {
      letter: 'A',
      doctor: { firstName: 'Michael', lastName: 'Chen' },
      nowSeeing: [{ ticket: 'A-001', initials: 'SJ', waitMinutes: 0 }],
      next: [
        { ticket: 'A-003', initials: 'OH', waitMinutes: 12 },
        { ticket: 'A-004', initials: 'LB', waitMinutes: 30 },
      ],
      moreWaiting: 2,
    },
    {
      letter: 'B',
      doctor: { firstName: 'Lena', lastName: 'Fischer' },
      nowSeeing: [],
      next: [{ ticket: 'B-002', initials: 'NA', waitMinutes: 1 }],
      moreWaiting: 0,
    },
  ],
};

function stubServer(board: WaitingRoomResponse['data'] | null, granted: Permission[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === `/api/users/${display.id}/permissions`) return json(permissionsAnswer(granted.map((permission) => ({ permission }))));
      if (url === '/api/staff/waiting-room' && board) return json({ data: board });
      return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
}

beforeAll(async () => {
  await initI18n('en');
  await loadPermissionsValidator();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('waiting-room display', { timeout: 20_000 }, () => {
  it('shows per doctor the ticket being seen and the tickets next, with initials and waits', async () => {
    stubServer(BOARD, ['appointments.queue.display']);
    renderPatientView(<WaitingRoomPage />, { user: display });
    const first = await screen.findByTestId('waiting-room-doctor-A');
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Dr. Michael Chen');
    const now = within(first).getByRole('region', { name: 'Now seeing' });
    expect(now).toHaveTextContent('A-001');
    expect(now).toHaveTextContent('SJ');
    const next = within(first).getByRole('region', { name: 'Next' });
    expect(
      within(next)
        .getAllByTestId('waiting-room-ticket')
        .map((ticket) => ticket.textContent),
    ).toEqual(['A-003OHabout 12 min', 'A-004LBabout 30 min']);
    expect(next).toHaveTextContent('and 2 more waiting');
    const second = screen.getByTestId('waiting-room-doctor-B');
    expect(within(second).getByRole('region', { name: 'Now seeing' })).toHaveTextContent('—');
    expect(within(second).getByRole('region', { name: 'Next' })).toHaveTextContent('about 1 min');
  });

  it('says when nobody is waiting', async () => {
    stubServer({ ...BOARD, doctors: [] }, ['appointments.queue.display']);
    renderPatientView(<WaitingRoomPage />, { user: display });
    expect(await screen.findByTestId('waiting-room-empty')).toHaveTextContent('No one is waiting right now.');
  });

  it('says when the board cannot be loaded', async () => {
    stubServer(null, ['appointments.queue.display']);
    renderPatientView(<WaitingRoomPage />, { user: display });
    expect(await screen.findByText('The waiting list could not be loaded. It will try again shortly.')).toHaveAttribute('role', 'alert');
  });

  it('refuses a staff member with neither the display nor the clinic’s day', async () => {
    stubServer(BOARD, ['billing.view']);
    renderPatientView(<WaitingRoomPage />, { user: display });
    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('waiting-room')).toBeNull();
  });
});
