import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  detectLanguage,
  directionOf,
  isSupportedLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from '../../contracts/languages';
import { FIRST_PAINT_NAMESPACES, SHELL_NAMESPACES } from './first-paint-namespaces';

// Every string a person reads comes from src/web/locales/<lang>/<namespace>.json. Each file is its
// own chunk, loaded for the chosen language only when something on screen needs it: the frame's
// namespaces before the first paint, a view's with the view (lazy-view.ts). A language change loads
// the new language's texts of every namespace loaded so far before it switches.

export const NAMESPACES = [
  'common',
  'errors',
  'landing',
  'legal',
  'validation',
  'auth',
  'shell',
  'admin-console',
  'registration',
  'settings',
  'outbox',
  'biometric',
  'user-admin',
  'notifications',
  'realtime',
  'doctors',
  'mobile-check',
  'access',
  'audit',
  'organisation',
  'system-settings',
  'health',
  'records',
  'medications',
  'booking',
  'patients',
  'notes',
  'doctor-portal',
  'prescribing',
  'tasks',
  'search',
  'leave',
  'staff-portal',
  'waiting-room',
  'parking',
  'orders',
  'messages',
  'video',
  'docs',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const LANGUAGE_STORAGE_KEY = 'caredeck.language';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No ${namespace} texts for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value && isSupportedLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The stored choice, else the browser's language if supported, else English. */
export function initialLanguage(): Language {
  return storedLanguage() ?? detectLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

function applyToDocument(language: string): void {
  // The build prerenders the landing page in Node, where there is no document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * Loads the chosen language's texts before the first render: every namespace by default (tests and
 * tools), or only the given ones (the browser entry passes the landing page's or the app frame's).
 */
export async function initI18n(
  language: Language = initialLanguage(),
  namespaces: readonly string[] = NAMESPACES,
): Promise<typeof i18next> {
  i18next.on('languageChanged', (lng) => {
    applyToDocument(lng);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  });
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes output
      react: { useSuspense: true },
      returnNull: false,
      // A text read from a namespace that was never loaded would show its key. lazy-view.ts and the
      // frame's list prevent it and view-namespaces.test.ts checks the sources; should one slip
      // through, it is said loudly (end-to-end tests fail on any console error). Keys missing from
      // a loaded namespace are not reported: some are asked for with a fallback on purpose.
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => {
        if (!i18next.hasLoadedNamespace(namespace)) {
          console.error(`Text ${namespace}:${key} was read before the ${namespace} texts were loaded (${languages.join(', ')})`);
        }
      },
    });
  applyToDocument(i18next.language);
  return i18next;
}

/**
 * The given namespaces of the current language; they join i18next's list, so a later language
 * change loads them in the new language too before it switches.
 */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  await i18next.loadNamespaces([...namespaces]);
}

export { FIRST_PAINT_NAMESPACES, i18next, SHELL_NAMESPACES };
