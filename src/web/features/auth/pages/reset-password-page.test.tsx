import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { setUpComponentTests } from '../../../test/component-tests';
import { ResetPasswordPage } from './reset-password-page';

// The password-reset page as a kit form: the new password's rules said in the reader's language,
// nothing typed lost when the rules or the server refuse, and the second factor asked when the
// account has one (Back finds the password still there).

setUpComponentTests();

const TOKEN = 'a'.repeat(32);
const STRONG = 'Harbour-Lights#42';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubReset(answers: { status: number; body: unknown }[]) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (url === '/api/auth/reset-password') {
        bodies.push(JSON.parse(String(init?.body)));
        const next = answers.shift() ?? { status: 500, body: {} };
        return json(next.body, next.status);
      }
      return json({}, 404);
    }),
  );
  return bodies;
}

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login-state">{JSON.stringify(location.state)}</p>;
}

function renderReset() {
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: [`/reset-password#token=${TOKEN}`] },
  );
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

const tr = (key: string) => i18next.t(key);

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('reset password', () => {
  it('says in German what is wrong with the passwords and keeps them', async () => {
    await i18next.changeLanguage('de');
    const bodies = stubReset([]);
    const user = renderReset();
    const password = await screen.findByLabelText(tr('auth:reset.newPassword'));
    await user.type(password, 'weak');
    await user.type(screen.getByLabelText(tr('auth:reset.confirmPassword')), 'other');
    await user.click(screen.getByRole('button', { name: tr('auth:reset.submit') }));

    expect(await screen.findByTestId('newPassword-error')).toHaveTextContent(tr('validation:password.weak'));
    expect(screen.getByTestId('confirmPassword-error')).toHaveTextContent(tr('validation:password.mismatch'));
    expect(screen.getByTestId('newPassword-error')).not.toHaveTextContent('Please create a stronger password');
    expect(password).toHaveFocus();
    expect(password).toHaveValue('weak');
    expect(bodies).toEqual([]);
  });

  it('puts the server’s refusal beside the new password, translated, and keeps what was typed', async () => {
    await i18next.changeLanguage('fr');
    stubReset([
      {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            fields: { newPassword: 'This password is too common. Please choose another one.' },
          },
        },
      },
    ]);
    const user = renderReset();
    await user.type(await screen.findByLabelText(tr('auth:reset.newPassword')), STRONG);
    await user.type(screen.getByLabelText(tr('auth:reset.confirmPassword')), STRONG);
    await user.click(screen.getByRole('button', { name: tr('auth:reset.submit') }));

    expect(await screen.findByTestId('newPassword-error')).toHaveTextContent(tr('validation:password.common'));
    expect(screen.getByLabelText(tr('auth:reset.newPassword'))).toHaveValue(STRONG);
    expect(screen.getByLabelText(tr('auth:reset.newPassword'))).toHaveFocus();
  });

  it('asks for the second factor, and Back finds the password typed; the code then completes the reset', async () => {
    const bodies = stubReset([
      { status: 200, body: { success: false, mfaRequired: true } },
      { status: 200, body: { success: false, mfaRequired: true } },
      { status: 200, body: { success: true, message: 'Your password has been reset. You can now sign in.' } },
    ]);
    const user = renderReset();
    await user.type(await screen.findByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByTestId('mfa-step');
    expect(bodies[0]).toEqual({ token: TOKEN, newPassword: STRONG });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('New password')).toHaveValue(STRONG);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByTestId('mfa-step');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ token: TOKEN, newPassword: STRONG, mfaCode: '123456' });
    expect(await screen.findByTestId('login-state')).toHaveTextContent(JSON.stringify({ passwordReset: true }));
  });
});
