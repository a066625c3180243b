import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME } from '../../contracts/constants';
import { isSupportedLanguage, type Language } from '../../contracts/languages';
import { EARLY_ROUTES } from '../../contracts/early-routes';
import type { UserSettings } from '../../contracts/user-settings';
import type { usersApi } from '../../contracts/users';
import { callRoute, earlyRoute, routeKey } from './api-routes';
import { i18next } from './i18n';
import { useSession } from './session/use-session';
import type { Theme } from './theme';
import { useTheme } from './theme-context';

// For a signed-in user the server's setting wins at start; a change is saved to the
// server 500 ms after the last toggle; a failed save keeps the local value. Signed out, the local
// value (else the system preference) is all there is (theme.ts).

// The frame runs this before zod loads: the settings routes go by their early addresses.
const settingsRoute = earlyRoute<typeof usersApi.settings>(EARLY_ROUTES.userSettings);
const updateSettingsRoute = earlyRoute<typeof usersApi.updateSettings>(EARLY_ROUTES.updateUserSettings);

/** The cache key of the user's settings (usersApi.settings), which the settings screens share. */
export const USER_SETTINGS_KEY = routeKey(settingsRoute, {});

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
 * The users who chose a language on this page (header or preferences). For them the language the
 * account held when the page loaded is out of date: an answer that arrives after the choice, or a
 * sync that mounts again while the new language's texts load, must not bring it back.
 */
const choseLanguageHere = new Set<string>();

function withLanguage(answer: SettingsAnswer, language: Language): SettingsAnswer {
  return answer.data ? { ...answer, data: { ...answer.data, language } } : { ...answer, language };
}

/**
 * Switches the page's language at once and, for a signed-in user, saves it with their settings so it
 * follows them to the next page load and to other browsers. Resolves with the saved settings (signed
 * out: undefined); rejects when the save fails, and the language stays chosen in this browser.
 */
export function useChooseLanguage(): (language: Language) => Promise<SettingsAnswer | undefined> {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  return useCallback(
    async (language: Language) => {
      if (userId) {
        choseLanguageHere.add(userId);
        // The cache says the new language from now on, so nothing that reads it re-applies the old one.
        queryClient.setQueryData<SettingsAnswer>(USER_SETTINGS_KEY, (old) => (old ? withLanguage(old, language) : old));
      }
      await i18next.changeLanguage(language);
      if (!userId) return undefined;
      const answer: SettingsAnswer = await callRoute(updateSettingsRoute, { body: { language } });
      if (answer) queryClient.setQueryData(USER_SETTINGS_KEY, answer);
      return answer;
    },
    [userId, queryClient],
  );
}

/**
 * Renders nothing; keeps the theme of the signed-in user in step with the server, and applies the
 * language saved in their preferences when they sign in on a browser that has another one.
 */
export function ThemeServerSync() {
  const { user } = useSession();
  const { i18n } = useTranslation();
  const { theme, setTheme, currentTheme } = useTheme();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  /** The user whose server setting has been read; nothing is saved before that (it would overwrite it). */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  /** What the server holds, as far as we know. */
  const serverTheme = useRef<Theme | null>(null);
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const themeAtStart = currentTheme();
    queryClient
      .fetchQuery<SettingsAnswer>({ queryKey: USER_SETTINGS_KEY })
      .then((answer) => {
        if (cancelled) return;
        const stored = themeOf(answer);
        // A toggle made while the answer was on its way is the user's latest choice: it stays on
        // screen and is saved, rather than being overwritten by what the account held before.
        const toggledMeanwhile = currentTheme() !== themeAtStart;
        // With nothing stored yet, the theme on screen counts as the starting point: only a toggle
        // is the user's choice to save, not the system preference this browser happened to start with.
        serverTheme.current = stored ?? themeAtStart;
        if (stored && !toggledMeanwhile) setTheme(stored);
        const language = languageOf(answer);
        if (language && language !== i18n.resolvedLanguage && !choseLanguageHere.has(userId)) void i18n.changeLanguage(language);
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
  }, [userId, queryClient, setTheme, currentTheme, i18n]);

  useEffect(() => {
    if (!userId || loadedFor !== userId || theme === serverTheme.current) return;
    const timer = setTimeout(() => {
      // The preferences screen may have saved it already.
      if (themeOf(queryClient.getQueryData<SettingsAnswer>(USER_SETTINGS_KEY)) === theme) {
        serverTheme.current = theme;
        return;
      }
      callRoute(updateSettingsRoute, { body: { theme } }).then(
        (answer: SettingsAnswer) => {
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
