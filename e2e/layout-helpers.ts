import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** How far the page reaches past the window's right edge, in CSS pixels (0 or less: nothing sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The page, narrowed to a 360 px phone, scrolls only up and down; then the window is put back. Polled:
 * the narrow layout settles over a frame or two after the resize.
 */
export async function expectFitsOnPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}
