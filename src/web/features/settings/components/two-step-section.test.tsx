import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../../test/component-tests';
import { json, renderWithSession, stubServer } from '../testing/render-with-session';
import { TwoStepSection } from './two-step-section';

const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

setUpComponentTests();

describe('two-step sign-in', () => {
  it('turns on with the QR code or the grouped secret and a code, then shows the recovery codes once', async () => {
    let enabled = false;
    const calls = stubServer(({ url, body }) => {
      if (url === '/api/auth/mfa') return json({ enabled, recoveryCodesRemaining: enabled ? 10 : 0 });
      if (url === '/api/auth/mfa/setup') {
        return json({ secret: 'JBSWY3DPEHPK3PXPJBSW', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' });
      }
      if (url === '/api/auth/mfa/enable') {
        if ((body as { code: string }).code !== '123456')
          return json({ error: { code: 'MFA_INVALID', message: 'Invalid verification code' } }, 401);
        enabled = true;
        return json({ recoveryCodes: CODES });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    const { session } = renderWithSession(<TwoStepSection />);

    expect(await screen.findByText('Two-step sign-in is off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByRole('img', { name: 'QR code for adding your account to an authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect([...screen.getByTestId('mfa-secret').children].map((group) => group.textContent)).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'JBSW',
    ]);

    const code = screen.getByLabelText('6-digit code from the app');
    const submit = screen.getByRole('button', { name: 'Turn on two-step sign-in' });
    expect(submit).toBeDisabled();
    await user.type(code, '654321');
    await user.click(submit);
    expect(await screen.findByText('This code is not correct. Enter the code the app shows now.')).toBeInTheDocument();
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(
      within(screen.getByTestId('recovery-codes'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(session.refresh).toHaveBeenCalled();
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('Two-step sign-in is on')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/auth/mfa/setup',
      '/api/auth/mfa/enable',
      '/api/auth/mfa/enable',
    ]);
  });

  it('asks for the password to turn off, and says so beside the field when it is wrong', async () => {
    let enabled = true;
    const calls = stubServer(({ url, body }) => {
      if (url === '/api/auth/mfa') return json({ enabled, recoveryCodesRemaining: 7 });
      if (url === '/api/auth/mfa/disable') {
        if ((body as { password: string }).password !== 'Second-Lock#2026') {
          return json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid.',
                fields: { password: 'Current password is incorrect' },
              },
            },
            400,
          );
        }
        enabled = false;
        return json({ success: true });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderWithSession(<TwoStepSection />);

    expect(await screen.findByText('7 recovery codes left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveFocus();

    await user.type(password, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'Second-Lock#2026');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));

    expect(await screen.findByText('Two-step sign-in is off')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Two-step sign-in is off')).toHaveFocus());
    expect(calls.filter((call) => call.url === '/api/auth/mfa/disable').map((call) => call.body)).toEqual([
      { password: 'wrong-password' },
      { password: 'Second-Lock#2026' },
    ]);
  });
});
