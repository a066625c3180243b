import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../../test/component-tests';
import { ForgotPasswordDialog } from './forgot-password-dialog';

setUpComponentTests();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderDialog() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 't' });
      bodies.push(JSON.parse(String(init.body)));
      return json({ success: true, message: 'If an account exists for that email, we have sent a link to reset your password.' });
    }),
  );
  render(
    <>
      <ForgotPasswordDialog open onClose={vi.fn()} />
      <Toaster />
    </>,
  );
  return bodies;
}

describe('ForgotPasswordDialog', () => {
  it('starts in the email field, says "Email Required" for an empty one, then sends the trimmed address', async () => {
    const bodies = renderDialog();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email Required')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter your email address.').length).toBeGreaterThan(0);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await user.type(email, ' ann@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByTestId('reset-link-sent')).toHaveTextContent('If an account exists for that email');
    expect(bodies).toEqual([{ email: 'ann@example.org' }]);
  });
});
