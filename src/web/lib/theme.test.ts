import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, initialTheme, saveTheme, storedTheme, THEME_STORAGE_KEY } from './theme';

function systemPrefersDark(dark: boolean) {
  const matchMedia = vi.fn((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return matchMedia;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
  document.documentElement.style.colorScheme = '';
});

describe('initialTheme', () => {
  it('uses the stored value over the system preference', () => {
    systemPrefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(initialTheme()).toBe('light');

    systemPrefersDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(initialTheme()).toBe('dark');
  });

  it('follows the system dark preference when nothing is stored', () => {
    const matchMedia = systemPrefersDark(true);
    expect(initialTheme()).toBe('dark');
    expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');

    systemPrefersDark(false);
    expect(initialTheme()).toBe('light');
  });

  it('ignores a stored value that is no theme', () => {
    systemPrefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(storedTheme()).toBeUndefined();
    expect(initialTheme()).toBe('dark');
  });

  it('is light when the browser cannot tell (no matchMedia)', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(initialTheme()).toBe('light');
  });
});

describe('saveTheme', () => {
  it('stores the theme under "theme"', () => {
    saveTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(storedTheme()).toBe('dark');
  });
});

describe('applyTheme', () => {
  it('toggles the dark class and the colour scheme on <html>', () => {
    const root = document.documentElement;
    applyTheme('dark');
    expect(root).toHaveClass('dark');
    expect(root.style.colorScheme).toBe('dark');

    applyTheme('light');
    expect(root).not.toHaveClass('dark');
    expect(root.style.colorScheme).toBe('light');
  });
});
