/**
 * The texts the first paint of the landing page reads (its frame, sections and error screen). The
 * build (vite.config.ts) lists their files per language in index.html, and preferences-init.js
 * preloads the visitor's language's ones alongside the app's first script.
 */
export const FIRST_PAINT_NAMESPACES = ['common', 'errors', 'landing', 'shell'] as const;

/**
 * The texts of the app's own frame, the only ones it waits for before its first paint: the public
 * and signed-in frames (header, navigation, user menu, the permission guard's refusal, notifications, the live connection's status
 * and toasts), the error screens and the API's error messages. Each view loads its own namespaces
 * as it opens (lazy-view.ts); view-namespaces.test.ts checks that every text the frame or a view
 * reads is covered, so no screen shows a key (docs/decisions/017-light-web-charts-and-texts.md).
 */
export const SHELL_NAMESPACES = ['common', 'errors', 'shell', 'access', 'notifications', 'realtime'] as const;
