/**
 * The texts the first paint of the landing page reads (its frame, sections and error screen). The
 * others follow right after it (i18n.ts loadAllTexts), and the app waits for them before it shows a
 * page, so code outside React (toasts, API errors, validation) always finds its namespace loaded.
 * The build (vite.config.ts) lists their files per language in index.html, and preferences-init.js
 * preloads the visitor's language's ones alongside the app's first script.
 */
export const FIRST_PAINT_NAMESPACES = ['common', 'errors', 'landing', 'shell'] as const;
