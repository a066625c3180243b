// The mobile check (docs/product.md, Mobile check): the viewports checked, the time given to each, and the device type rule.

export const MOBILE_CHECK_VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
  { width: 360, height: 640 },
  { width: 768, height: 1024 },
  { width: 1024, height: 1366 },
  { width: 1440, height: 900 },
] as const;
export type Viewport = (typeof MOBILE_CHECK_VIEWPORTS)[number];

/** How long each viewport is shown before it is measured. */
export const MOBILE_CHECK_SETTLE_MS = 500;

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/** Mobile below 768 px wide, tablet below 1024, else desktop. */
export function deviceTypeOf(width: number): DeviceType {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

export interface OverflowMeasure {
  scrollWidth: number;
  clientWidth: number;
  /** How many pixels the page is wider than its viewport; 0 when nothing overflows. */
  overflow: number;
}

/**
 * Measures horizontal overflow of a document rendered in a viewport: the page's scrollable width
 * against the width it is shown in. A pixel of rounding is tolerated (sub-pixel layouts).
 */
export function measureOverflow(doc: Document): OverflowMeasure {
  const root = doc.documentElement;
  const scrollWidth = Math.max(root.scrollWidth, doc.body?.scrollWidth ?? 0);
  const clientWidth = root.clientWidth;
  const excess = scrollWidth - clientWidth;
  return { scrollWidth, clientWidth, overflow: excess > 1 ? excess : 0 };
}

/** The page is rendered inside the check's own frame: no second launcher there. */
export function isFramed(view: Window): boolean {
  try {
    return view.self !== view.top;
  } catch {
    return true;
  }
}
