import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadTexts, type Namespace } from './i18n';

/**
 * A view (or a part of the page) loaded when it is first shown, together with the translation
 * namespaces it reads: its code and its texts download side by side, and it renders only once both
 * are there, so it never shows a key and never waits on texts one after the other. The app frame's
 * own namespaces (SHELL_NAMESPACES) are always loaded and need not be listed.
 *
 * view-namespaces.test.ts reads these calls: every namespace the view's modules use must be listed
 * here (or be the frame's), so write the import and the list literally, as
 * `lazyView(() => import('./pages/x-page').then((m) => m.XPage), ['x'])`.
 */
export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly Namespace[],
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadTexts(namespaces)]);
    return { default: component };
  });
}
