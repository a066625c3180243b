import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contracts/user';
import { defaultQueryFn, resetCsrfToken } from './api-client';
import { i18next, initI18n } from './i18n';
import { SessionContext, type SessionContextValue } from './session/use-session';
import { ThemeProvider, useTheme } from './theme-context';
import { ThemeServerSync, languageOf, themeOf } from './theme-server-sync';

// The theme (docs/product.md, Settings, theme and language): for a signed-in user the server's setting
// wins at start; changes are saved 500 ms after the last toggle; a failed save keeps the local value.

const user = { id: '0b6f3d2e-8a57-4c39-9f0e-2d1c8b7a6e51', role: 'patient' } as SessionUser;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let serverTheme: 'light' | 'dark' | null;
let serverLanguage: string | null;
let puts: unknown[];
let failPuts: boolean;
function Toggle() {
  const { toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      toggle
    </button>
  );
}

const toggle = () => fireEvent.click(screen.getByRole('button', { name: 'toggle' }));

function renderSync(signedIn: SessionUser | null) {
  const session: SessionContextValue = {
    status: signedIn ? 'authenticated' : 'anonymous',
    user: signedIn,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } })}>
      <ThemeProvider>
        <SessionContext.Provider value={session}>
          <ThemeServerSync />
          <Toggle />
        </SessionContext.Provider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  resetCsrfToken();
  serverTheme = 'dark';
  serverLanguage = null;
  puts = [];
  failPuts = false;
  localStorage.setItem('theme', 'light');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 't' });
      if (url === '/api/user/settings' && init.method === 'GET') {
        return json({ data: { theme: serverTheme, language: serverLanguage, security: { biometricEnabled: true, mfaEnabled: false } } });
      }
      if (url === '/api/user/settings' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        if (failPuts) return json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
        serverTheme = (JSON.parse(String(init.body)) as { theme: 'light' | 'dark' }).theme;
        return json({ data: { theme: serverTheme, language: serverLanguage, security: { biometricEnabled: true, mfaEnabled: false } } });
      }
      return json({}, 404);
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await i18next.changeLanguage('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.classList.remove('dark');
});

describe('ThemeServerSync', () => {
  it("applies the signed-in user's server theme over the local one, without saving it back", async () => {
    renderSync(user);
    expect(isDark()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(isDark()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(puts).toEqual([]);
  });

  it('saves nothing at sign-in when the account has no theme yet, and saves the first toggle', async () => {
    serverTheme = null;
    renderSync(user);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(isDark()).toBe(false);
    expect(puts).toEqual([]);
    act(() => toggle());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(puts).toEqual([{ theme: 'dark' }]);
  });

  it("switches to the language saved in the account's preferences", async () => {
    serverLanguage = 'es';
    renderSync(user);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => {
      // Loading the Spanish texts is a real dynamic import: on a busy machine it takes seconds.
      await vi.waitFor(() => expect(i18next.resolvedLanguage).toBe('es'), { timeout: 10_000 });
    });
    expect(document.documentElement.lang).toBe('es');
    expect(puts).toEqual([]);
  });

  it("keeps and saves a toggle made before the account's setting arrived", async () => {
    // The settings answer is slow: the user toggles first.
    let answer: (() => void) | undefined;
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/user/settings' && init.method === 'GET') await new Promise<void>((resolve) => (answer = resolve));
        return realFetch(url, init);
      }),
    );
    renderSync(user);
    act(() => toggle()); // dark, the user's own choice
    expect(isDark()).toBe(true);
    serverTheme = 'light';
    await act(async () => {
      await vi.waitFor(() => expect(answer).toBeDefined());
      answer!();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(isDark()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(puts).toEqual([{ theme: 'dark' }]);
  });

  it('flips the theme on every toggle, even on two before React renders', async () => {
    serverTheme = null;
    renderSync(user);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => {
      toggle(); // dark
      toggle(); // light again
    });
    expect(isDark()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(puts).toEqual([]);
  });

  it('saves once, 500 ms after the last of several toggles', async () => {
    renderSync(user);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => toggle()); // light
    await act(() => vi.advanceTimersByTimeAsync(300));
    act(() => toggle()); // dark
    await act(() => vi.advanceTimersByTimeAsync(300));
    act(() => toggle()); // light
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(puts).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(puts).toEqual([{ theme: 'light' }]);
    expect(isDark()).toBe(false);
  });

  it('keeps the local theme when the save fails', async () => {
    failPuts = true;
    renderSync(user);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => toggle());
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(puts).toEqual([{ theme: 'light' }]);
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('does nothing with the server while signed out', async () => {
    renderSync(null);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => toggle());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(puts).toEqual([]);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    expect(isDark()).toBe(true);
  });

  it('reads data.theme, or theme without the data wrapper', () => {
    expect(themeOf({ data: { theme: 'dark' } })).toBe('dark');
    expect(themeOf({ theme: 'light' })).toBe('light');
    expect(themeOf({ data: { theme: null } })).toBeNull();
    expect(themeOf(undefined)).toBeNull();
  });

  it('reads a supported language from either shape, and ignores any other', () => {
    expect(languageOf({ data: { language: 'fr' } })).toBe('fr');
    expect(languageOf({ language: 'ar' })).toBe('ar');
    expect(languageOf({ data: { language: null } })).toBeNull();
    expect(languageOf({ language: 'xx' as never })).toBeNull();
  });
});
