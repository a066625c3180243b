import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../../test/component-tests';
import { json, renderWithSession, sessionUser, stubServer } from '../testing/render-with-session';
import { ChangePasswordForm } from './change-password-form';

setUpComponentTests();

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  return user;
}

describe('change password', () => {
  it('keeps the button disabled until all fields are filled, match and the password is strong enough', async () => {
    stubServer(() => json({}, 500));
    renderWithSession(<ChangePasswordForm />);
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();

    const user = await fill('Sunny-Meadow#2026', 'weakpass', 'weakpass');
    expect(submit).toBeDisabled();
    expect(screen.getByText('Please create a stronger password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Stronger-Lantern#2027');
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Stronger-Lantern#2027');
    expect(screen.queryByText('New passwords do not match')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('says as it is typed that a common word dressed up will be refused, and keeps the button disabled', async () => {
    stubServer(() => json({}, 500));
    renderWithSession(<ChangePasswordForm />);
    const submit = screen.getByRole('button', { name: 'Change password' });
    // Strong by the five rules (length, both cases, digit, symbol), and still among the first guesses.
    const user = await fill('Sunny-Meadow#2026', 'Caredeck2026!', 'Caredeck2026!');
    expect(
      await screen.findByText(
        'This password is too easy to guess: avoid common words, names, years and simple letter swaps.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Tulip-Ferry-Ocean-42');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Tulip-Ferry-Ocean-42');
    await vi.waitFor(() => expect(submit).toBeEnabled(), { timeout: 5000 });
    expect(screen.queryByText(/too easy to guess/)).not.toBeInTheDocument();
  });

  it('says in Spanish that a password holding the user’s own name will be refused', async () => {
    await i18next.changeLanguage('es');
    try {
      stubServer(() => json({}, 500));
      renderWithSession(<ChangePasswordForm />);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Nueva contraseña'), 'Lantern#Patient77');
      expect(
        await screen.findByText('La contraseña no debe contener su nombre ni su dirección de correo electrónico.', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows a wrong current password beside its field, translated, and keeps what was typed', async () => {
    stubServer(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            fields: { currentPassword: 'Current password is incorrect' },
          },
        },
        400,
      ),
    );
    renderWithSession(<ChangePasswordForm />);
    const user = await fill('not-my-password', 'Stronger-Lantern#2027', 'Stronger-Lantern#2027');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password Change Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Current password is incorrect').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveValue('Stronger-Lantern#2027');
  });

  it('on success signs this browser in with the rotated session the server answered', async () => {
    const user0 = sessionUser();
    const answer = {
      success: true,
      user: user0,
      session: { expiresAt: '2026-11-22T10:30:00.000Z', absoluteExpiresAt: '2026-11-22T22:00:00.000Z' },
    };
    const calls = stubServer(() => json(answer));
    const { session } = renderWithSession(<ChangePasswordForm />, user0);
    const user = await fill('Sunny-Meadow#2026', 'Stronger-Lantern#2027', 'Stronger-Lantern#2027');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: '/api/auth/change-password',
        method: 'POST',
        body: { currentPassword: 'Sunny-Meadow#2026', newPassword: 'Stronger-Lantern#2027' },
      },
    ]);
    expect(session.signIn).toHaveBeenCalledWith({ user: answer.user, session: answer.session });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
