import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../contracts/auth';
import { resetCsrfToken } from '../api-client';
import { initI18n } from '../i18n';
import { PublicSessionProvider } from './public-session-provider';
import { defaultSessionApi } from './session-controller';
import { sessionUser } from './testing';
import { useSession } from './use-session';

// The session check and the sign-out go to their contracts' addresses, from the app's session
// controller and from the landing page's light session alike.

const user = sessionUser({ role: 'patient' });
const session = { expiresAt: '2026-01-02T00:30:00.000Z', absoluteExpiresAt: '2026-01-02T12:00:00.000Z' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server: a CSRF token, the session answer, and a sign-out; returns the calls made (method and URL). */
function fakeServer(): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 'csrf' });
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return url === authApi.session.path ? json({ user, session }) : json({ success: true });
    }),
  );
  return calls;
}

beforeAll(async () => {
  await initI18n('en', ['errors']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetCsrfToken();
});

describe('session calls', () => {
  it('the session controller checks the session and signs out at the contracts’ addresses', async () => {
    const calls = fakeServer();
    expect((await defaultSessionApi.fetchSession()).user.id).toBe(user.id);
    await defaultSessionApi.logout();
    expect(calls).toEqual([`${authApi.session.method} ${authApi.session.path}`, `${authApi.logout.method} ${authApi.logout.path}`]);
  });

  it('the landing page’s session does the same', async () => {
    const calls = fakeServer();
    function Probe() {
      const { status, signOut } = useSession();
      return (
        <button type="button" onClick={() => void signOut()}>
          {status}
        </button>
      );
    }
    render(
      <PublicSessionProvider>
        <Probe />
      </PublicSessionProvider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'authenticated' }));
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('anonymous'));
    expect(calls).toEqual([`${authApi.session.method} ${authApi.session.path}`, `${authApi.logout.method} ${authApi.logout.path}`]);
  });
});
