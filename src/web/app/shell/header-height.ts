import { useCallback } from 'react';

/** The height of the page's header, in the CSS variable the toaster places its toasts below (app.tsx). */
export const HEADER_HEIGHT_VARIABLE = '--app-header-height';

/**
 * A ref for the page's header that keeps HEADER_HEIGHT_VARIABLE on the document equal to its height
 * as it changes (a wrapped line, the landing page's section links), so toasts never lie over its
 * controls. Set through the CSSOM, which the content security policy allows without inline styles.
 */
export function useHeaderHeight(): (header: HTMLElement | null) => (() => void) | undefined {
  return useCallback((header: HTMLElement | null) => {
    if (!header) return undefined;
    const root = document.documentElement;
    const update = () => root.style.setProperty(HEADER_HEIGHT_VARIABLE, `${Math.ceil(header.getBoundingClientRect().height)}px`);
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
}
