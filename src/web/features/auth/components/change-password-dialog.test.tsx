import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../contracts/user';
import { resetCsrfToken } from '../../../lib/api-client';
import { initI18n } from '../../../lib/i18n';
import { SessionContext, type SessionContextValue } from '../../../lib/session/use-session';
import { ChangePasswordDialog } from './change-password-dialog';

// The first-time doctor's modal: its rules, its texts, and that it cannot be dismissed.

const doctor = {
  id: '7d1c8a4e-2b3f-4e5a-9c6d-1e2f3a4b5c6d',
  firstName: 'Lena',
  lastName: 'Fischer',
  name: 'Lena Fischer',
  role: 'doctor',
  isFirstTimeLogin: true,
} as SessionUser;
const SESSION = { expiresAt: '2099-01-01T00:30:00.000Z', absoluteExpiresAt: '2099-01-01T12:00:00.000Z' };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let answer: () => Response;
let bodies: unknown[];

function renderDialog() {
  const session: SessionContextValue = {
    status: 'authenticated',
    user: doctor,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <ChangePasswordDialog />
        <Toaster />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return session;
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetCsrfToken();
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 't' });
      if (url === '/api/auth/change-password') {
        bodies.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({}, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('ChangePasswordDialog', () => {
  it('is a modal that cannot be dismissed and has focus inside', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('keeps Change Password disabled unless all fields are filled, match and the new password is at least Fair', async () => {
    renderDialog();
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();

    await user.type(field('Current password'), 'First-Shift#2026');
    await user.type(field('New password'), 'abcdefgh');
    expect(screen.getByText('Please create a stronger password')).toBeVisible();
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent('Weak');
    await user.type(field('Confirm new password'), 'abcdefgh');
    expect(submit).toBeDisabled();

    await user.clear(field('New password'));
    await user.type(field('New password'), 'Stronger#Pass9');
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent('Strong');
    expect(screen.getByText('New passwords do not match')).toBeVisible();
    expect(submit).toBeDisabled();

    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'Stronger#Pass9');
    expect(screen.queryByText('New passwords do not match')).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('changes the password and adopts the new session the server started', async () => {
    const session = renderDialog();
    answer = () => json({ success: true, user: { ...doctor, isFirstTimeLogin: false }, session: SESSION });
    const user = userEvent.setup();
    await user.type(field('Current password'), 'First-Shift#2026');
    await user.type(field('New password'), 'Stronger#Pass9');
    await user.type(field('Confirm new password'), 'Stronger#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith({ user: { ...doctor, isFirstTimeLogin: false }, session: SESSION }));
    expect(bodies).toEqual([{ currentPassword: 'First-Shift#2026', newPassword: 'Stronger#Pass9' }]);
  });

  it('shows a refused current password next to its field and as "Password Change Failed"', async () => {
    renderDialog();
    answer = () =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            fields: { currentPassword: 'Current password is incorrect' },
          },
        },
        400,
      );
    const user = userEvent.setup();
    await user.type(field('Current password'), 'not-it-at-all');
    await user.type(field('New password'), 'Stronger#Pass9');
    await user.type(field('Confirm new password'), 'Stronger#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByTestId('currentPassword-error')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByTestId('change-password-error')).toHaveTextContent('Password Change Failed - Some fields are not valid.');
  });

  it('says "Network Error - Unable to connect to server" when the server cannot be reached', async () => {
    renderDialog();
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = userEvent.setup();
    await user.type(field('Current password'), 'First-Shift#2026');
    await user.type(field('New password'), 'Stronger#Pass9');
    await user.type(field('Confirm new password'), 'Stronger#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByTestId('change-password-error')).toHaveTextContent(
      'Network Error - Unable to connect to server. Please try again.',
    );
  });
});
