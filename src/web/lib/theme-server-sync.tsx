import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME } from '../../contracts/constants';
import { isSupportedLanguage } from '../../contracts/languages';
import type { UserSettings } from '../../contracts/user-settings';
import { api } from './api-client';
import { useSession } from './session/use-session';
import type { Theme } from './theme';
import { useTheme } from './theme-context';

// For a signed-in user the server's setting wins at start; a change is saved to the
// server 500 ms after the last toggle; a failed save keeps the local value. Signed out, the local
// value (else the system preference) is all there is (theme.ts).

export const USER_SETTINGS_KEY = ['/api/user/settings'] as const;

type SettingsAnswer = { data?: Partial<UserSettings> } & Partial<UserSettings>;

/** "data.theme … (the data wrapper may be absent)". */
export function themeOf(answer: SettingsAnswer | undefined): Theme | null {
  const theme = answer?.data ? answer.data.theme : answer?.theme;
  return theme === 'dark' || theme === 'light' ? theme : null;
}

/** The language saved with the user's settings, when it is one we ship. */
export function languageOf(answer: SettingsAnswer | undefined): string | null {
  const language = answer?.data ? answer.data.language : answer?.language;
  return language && isSupportedLanguage(language) ? language : null;
}

/**
 * Renders nothing; keeps the theme of the signed-in user in step with the server, and applies the
 * language saved in their preferences when they sign in on a browser that has another one.
 */
export function ThemeServerSync() {
  const { user } = useSession();
  const { i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  /** The user whose server setting has been read; nothing is saved before that (it would overwrite it). */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  /** What the server holds, as far as we know. */
  const serverTheme = useRef<Theme | null>(null);
  /** The theme on screen, read when the server's answer arrives without re-running the load. */
  const shownTheme = useRef(theme);
  useEffect(() => {
    shownTheme.current = theme;
  }, [theme]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    queryClient
      .fetchQuery<SettingsAnswer>({ queryKey: USER_SETTINGS_KEY })
      .then((answer) => {
        if (cancelled) return;
        const stored = themeOf(answer);
        // With nothing stored yet, the theme on screen counts as the starting point: only a toggle
        // is the user's choice to save, not the system preference this browser happened to start with.
        serverTheme.current = stored ?? shownTheme.current;
        if (stored) setTheme(stored);
        const language = languageOf(answer);
        if (language && language !== i18n.resolvedLanguage) void i18n.changeLanguage(language);
      })
      .catch(() => {
        // The settings could not be fetched: the local theme stays.
        if (!cancelled) console.warn('Failed to fetch settings');
      })
      .finally(() => {
        if (!cancelled) setLoadedFor(userId);
      });
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient, setTheme, i18n]);

  useEffect(() => {
    if (!userId || loadedFor !== userId || theme === serverTheme.current) return;
    const timer = setTimeout(() => {
      // The preferences screen may have saved it already.
      if (themeOf(queryClient.getQueryData<SettingsAnswer>(USER_SETTINGS_KEY)) === theme) {
        serverTheme.current = theme;
        return;
      }
      api.put<SettingsAnswer>('/user/settings', { theme }).then(
        (answer) => {
          serverTheme.current = theme;
          if (answer) queryClient.setQueryData(USER_SETTINGS_KEY, answer);
        },
        () => console.warn('Failed to save the theme; it stays in this browser'),
      );
    }, THEME.saveDebounceMs);
    return () => clearTimeout(timer);
  }, [theme, userId, loadedFor, queryClient]);

  return null;
}
