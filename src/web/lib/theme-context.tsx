import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { applyTheme, initialTheme, saveTheme, type Theme } from './theme';

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  /** The theme as last set, before React has rendered it: read from callbacks that outlive a render. */
  currentTheme(): Theme;
}

const ThemeContext = createContext<ThemeState | undefined>(undefined);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initialTheme);
  // Set at once, where the state waits for the next render: two toggles before it each flip the
  // theme, and a server answer arriving in between sees the user's latest choice.
  const current = useRef(theme);

  useEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback((next: Theme) => {
    current.current = next;
    saveTheme(next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(current.current === 'dark' ? 'light' : 'dark'), [setTheme]);
  const currentTheme = useCallback(() => current.current, []);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme, currentTheme }), [theme, setTheme, toggleTheme, currentTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
