import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithSession, sessionUser } from '../../../lib/session/testing';
import { setUpComponentTests } from '../../../test/component-tests';
import MobileCheckLauncher from './mobile-check-launcher';

// In the signed-in frame the mobile check's button sits in the header, in the flow of the page; the
// floating one, which covers whatever scrolls under it, is only for pages without that header.

setUpComponentTests();

function client(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['/api/public/config'], { demoMode: true });
  return queryClient;
}

function Page() {
  const [header, setHeader] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setHeader(false)}>
        leave the signed-in frame
      </button>
      <header>{header ? <MobileCheckLauncher placement="header" /> : null}</header>
      <MobileCheckLauncher />
    </>
  );
}

describe('the mobile check button', () => {
  it('is one button in the header while the header shows it, and floats only without it', async () => {
    renderWithSession(<Page />, { user: sessionUser({ role: 'admin' }), queryClient: client(), toaster: false });
    const button = await screen.findByRole('button', { name: 'Check this page on mobile screens' });
    expect(screen.getAllByRole('button', { name: 'Check this page on mobile screens' })).toHaveLength(1);
    expect(button.closest('header')).not.toBeNull();
    expect(button.className).not.toMatch(/\bfixed\b/);

    fireEvent.click(screen.getByRole('button', { name: 'leave the signed-in frame' }));
    const floating = screen.getByRole('button', { name: 'Check this page on mobile screens' });
    expect(floating.closest('header')).toBeNull();
    expect(floating).toHaveAttribute('data-placement', 'floating');
  });
});
