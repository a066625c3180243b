import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultQueryFn, resetCsrfToken } from '../../lib/api-client';
import { i18next, initI18n } from '../../lib/i18n';
import { renderWithSession, sessionUser } from '../../lib/session/testing';
import { ThemeProvider } from '../../lib/theme-context';
import { ThemeServerSync } from '../../lib/theme-server-sync';
import { LanguageSwitcher } from './language-switcher';

// The header's language menu beside the settings sync, as in the app: the network (fetch) is the
// only thing replaced.

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const settings = (language: string | null) => ({
  data: { theme: null, language, security: { biometricEnabled: false, mfaEnabled: false } },
});

type Call = { url: string; method: string; body: unknown };

/** GET /api/user/settings answers the account's language when the test says so; PUTs are recorded and kept. */
function stubSettings(initial: string | null) {
  let language = initial;
  const calls: Call[] = [];
  let releaseGet: () => void = () => {};
  const getHeld = new Promise<void>((resolve) => (releaseGet = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 't' });
      const call = { url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (url === '/api/user/settings' && call.method === 'GET') {
        const answer = settings(language);
        await getHeld;
        return json(answer);
      }
      if (url === '/api/user/settings' && call.method === 'PUT') {
        language = (call.body as { language: string }).language;
        return json(settings(language));
      }
      return json({}, 404);
    }),
  );
  return { calls, releaseGet };
}

function renderHeader(signedIn: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });
  return renderWithSession(
    <ThemeProvider>
      <ThemeServerSync />
      <LanguageSwitcher />
    </ThemeProvider>,
    { user: signedIn ? sessionUser({ id: crypto.randomUUID() }) : null, queryClient, toaster: false },
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
  resetCsrfToken();
});

/**
 * A language change loads the new language's texts of every namespace loaded so far, which in tests
 * is all of them: on a busy machine that takes longer than waitFor's default second.
 */
const SWITCHED = { timeout: 5000 };

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('the header language menu', () => {
  it('applies the choice at once and saves it for a signed-in user', async () => {
    const server = stubSettings(null);
    server.releaseGet();
    const user = userEvent.setup();
    const { queryClient } = renderHeader(true);
    await vi.waitFor(() => expect(queryClient.getQueryData(['/api/user/settings'])).toBeDefined());

    await user.selectOptions(screen.getByTestId('language-switcher'), 'fr');

    await vi.waitFor(() => expect(document.documentElement.lang).toBe('fr'), SWITCHED);
    await vi.waitFor(() => expect(puts(server.calls)).toEqual([{ language: 'fr' }]));
    expect(screen.getByTestId('language-switcher')).toHaveValue('fr');
  });

  it("keeps the choice when the account's earlier language arrives after it", async () => {
    const server = stubSettings('de');
    const user = userEvent.setup();
    const { queryClient } = renderHeader(true);
    await vi.waitFor(() => expect(server.calls.some((call) => call.method === 'GET')).toBe(true));

    await user.selectOptions(screen.getByTestId('language-switcher'), 'fr');
    await vi.waitFor(() => expect(i18next.resolvedLanguage).toBe('fr'), SWITCHED);
    const switches: string[] = [];
    const onSwitch = (language: string) => switches.push(language);
    i18next.on('languageChanging', onSwitch);
    await act(async () => {
      server.releaseGet();
      // The same request the sync waits on: once it has answered, the sync has had the answer too.
      await queryClient.fetchQuery({ queryKey: ['/api/user/settings'] });
    });
    i18next.off('languageChanging', onSwitch);

    expect(switches).toEqual([]);
    expect(i18next.resolvedLanguage).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(puts(server.calls)).toEqual([{ language: 'fr' }]);
  });

  it('saves nothing for a visitor who is not signed in', async () => {
    const server = stubSettings(null);
    const user = userEvent.setup();
    renderHeader(false);

    await user.selectOptions(screen.getByTestId('language-switcher'), 'es');

    await vi.waitFor(() => expect(document.documentElement.lang).toBe('es'), SWITCHED);
    expect(server.calls).toEqual([]);
  });
});
