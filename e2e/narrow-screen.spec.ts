import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, signInWithForm } from './identity-helpers';

// A phone-sized screen (390 px wide): the admin's table of accounts scrolls inside its own labelled
// region and never widens the page; a toast never lies over the header's controls; the header's
// controls lie side by side, none over another, from 320 px to a small laptop.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

test.use({ viewport: { width: 390, height: 844 } });

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the users table fits a 390 px screen: it scrolls in a labelled region and the page does not', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/admin/users');
  await expect(page.getByTestId('users-table')).toBeVisible();
  await expect(page.getByTestId('users-table').getByRole('row').nth(3)).toBeVisible();

  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const region = page.getByRole('region', { name: /^Accounts, \d+ in total$/ });
  await expect(region).toBeVisible();
  await expect(region.getByTestId('users-table')).toBeVisible();
  // Whatever the table needs beyond the screen, its region scrolls it, reachable by keyboard too.
  const box = (await region.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(region).toHaveAttribute('tabindex', '0');
  const scrolls = await region.evaluate((element) => element.scrollWidth > element.clientWidth);
  if (scrolls) {
    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  }

  // The other admin screens on the same phone.
  for (const path of ['/admin-dashboard', '/profile-settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageWidth(page), path).toBeLessThanOrEqual(390);
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a toast never covers the header's controls (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Toasts slide in from above; without the motion they are measured where they stay.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Through the form: the welcome toast comes with signing in there.
    await signInWithForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    // Signing in says welcome in a toast.
    await expect(page.getByText('Welcome back, David!')).toBeVisible();
    const placed = await page.evaluate(() => {
      const toast = document.querySelector('[data-sonner-toast]')!.getBoundingClientRect();
      const header = document.querySelector('#root header')!.getBoundingClientRect();
      return { toastTop: toast.top, headerBottom: header.bottom };
    });
    expect(placed.toastTop, 'the toast starts below the header').toBeGreaterThanOrEqual(placed.headerBottom);
  });
}

test('the header’s controls never lie over one another, from 320 px to 1024 px', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  // The admin's header holds the most: messages, the bell, the mobile check and the account menu.
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  for (const width of [320, 360, 390, 640, 768, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    // A button below 768 px, a box from there on.
    await expect(
      width < 768 ? page.getByRole('button', { name: 'Open search' }) : page.locator('#root header').getByRole('combobox').first(),
    ).toBeVisible();
    // Polled: the header settles over a frame or two after the resize.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const boxes = [...document.querySelectorAll('#root header :is(a, button)')]
              .map((element) => element.getBoundingClientRect())
              .filter((box) => box.width > 0 && box.height > 0);
            const outside = boxes.filter((box) => box.left < 0 || box.right > window.innerWidth).length;
            const overlapping = boxes.filter((a, i) =>
              boxes.some(
                (b, j) => j > i && a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5,
              ),
            ).length;
            return { outside, overlapping };
          }),
        { message: `${width} px` },
      )
      .toEqual({ outside: 0, overlapping: 0 });
  }
});
