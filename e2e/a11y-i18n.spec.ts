import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './identity-helpers';

// What only a browser shows: the tab's title and the focus after moving to another page, the
// vitals page holding still while it loads (layout shifts, measured by the browser), the contrast
// of the focus ring and of the organisation settings' upload link as drawn, and the mobile check's
// button in the header instead of over the page. Only the demo accounts' data is read; the dark
// theme is put on the page alone, never saved to the shared accounts.

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };
const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

/** The WCAG contrast ratio of two CSS colours, as the browser resolves them (any syntax, opaque). */
async function contrast(page: Page, foreground: string, background: string): Promise<number> {
  return page.evaluate(
    ([fg, bg]: [string, string]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const rgb = (colour: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (colour: string) => {
        const [r, g, b] = rgb(colour).map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [a, b] = [luminance(fg), luminance(bg)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    },
    [foreground, background] as [string, string],
  );
}

/** The colour drawn behind an element: the first opaque background of it or its ancestors. */
async function backgroundBehind(element: Locator, fromParent = false): Promise<string> {
  return element.evaluate((node, parent) => {
    let current: Element | null = parent ? node.parentElement : node;
    while (current) {
      const colour = getComputedStyle(current).backgroundColor;
      if (colour && colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) return colour;
      current = current.parentElement;
    }
    return 'rgb(255, 255, 255)';
  }, fromParent);
}

async function useDarkTheme(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
}

test('a signed-in page names itself in the tab, and moving to another page focuses its heading', async ({ page }) => {
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · Caredeck');

  await page.getByTestId('sidebar').getByRole('link', { name: 'Vital Signs' }).click();
  await expect(page).toHaveURL(/\/vitals$/);
  await expect(page).toHaveTitle('Vital Signs · Caredeck');
  await expect(page.getByRole('heading', { level: 1, name: 'Vital Signs' })).toBeFocused();

  await page.getByTestId('sidebar').getByRole('link', { name: 'Who opened my record' }).click();
  await expect(page).toHaveTitle('Who opened my record · Caredeck');
  await expect(page.getByRole('heading', { level: 1, name: 'Who opened my record' })).toBeFocused();
});

test('the vitals page does not shift while its cards and charts load (CLS at most 0.1)', async ({ page }) => {
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Every layout shift of the vitals page's own load, as the browser reports it (input-driven ones aside).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/vitals');
  const measures = page.getByTestId('vital-measure');
  await expect(measures.first()).toBeVisible();
  const count = await measures.count();
  // Every chart drawn: nothing is left to arrive and move the page.
  await expect(page.getByTestId('trend-chart')).toHaveCount(count);
  await expect(page.getByTestId('trend-chart-skeleton')).toHaveCount(0);
  const total = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  test.info().annotations.push({ type: 'layout shift (sum)', description: total.toFixed(4) });
  expect(total).toBeLessThanOrEqual(0.1);
});

test('the focus ring of a teal button contrasts at least 3:1 with the button and the page, in both themes', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign In' });
  await expect(button).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      // As a visitor switches it: the header's toggle, which the page's own preference code then keeps.
      await page.getByRole('button', { name: 'Dark theme' }).click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    }
    await page.keyboard.press('Tab');
    await button.focus();
    await expect(button).toBeFocused();
    // Colours change over a short transition after the switch: the contrast is read once they settle.
    const ring = () => button.evaluate((node) => getComputedStyle(node).outlineColor);
    const fill = () => button.evaluate((node) => getComputedStyle(node).backgroundColor);
    await expect
      .poll(async () => contrast(page, await ring(), await fill()), { message: `${theme}: ring against the teal button` })
      .toBeGreaterThanOrEqual(3);
    await expect
      .poll(async () => contrast(page, await ring(), await backgroundBehind(button, true)), { message: `${theme}: ring against the page` })
      .toBeGreaterThanOrEqual(3);
  }
});

test("the organisation settings' upload link reads at 4.5:1 in the dark theme; the mobile check sits in the header", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/admin/organisation');
  const upload = page.getByText('Upload an image');
  await expect(upload).toBeVisible();
  await useDarkTheme(page);
  const colour = await upload.evaluate((node) => getComputedStyle(node).color);
  expect(await contrast(page, colour, await backgroundBehind(upload))).toBeGreaterThanOrEqual(4.5);

  // The button is part of the header, not laid over the page, and the header still fits a phone.
  const button = page.getByTestId('mobile-check-button');
  await expect(button).toHaveCount(1);
  await expect(page.locator('header').getByTestId('mobile-check-button')).toBeVisible();
  expect(await button.evaluate((node) => getComputedStyle(node).position)).not.toBe('fixed');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(button).toBeInViewport();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
});
