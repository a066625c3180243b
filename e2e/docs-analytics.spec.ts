import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The help on how the admin figures are computed (docs/analytics): the administrator opens it from
// the home's figures and from the Analytics page, lands on the part about what they were reading,
// and reads it in Arabic, right to left. Only the page's language in this browser changes; the
// demo account's saved preferences are left alone.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

test('an admin opens "How these figures are computed" from the home and from Analytics, and reads it in Arabic', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  await page.getByRole('link', { name: 'How these figures are computed' }).click();
  await expect(page).toHaveURL(/\/docs\/analytics#dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How the figures are computed' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "The administrator's home" })).toBeFocused();
  await expect(page.locator('#dashboard-noShow')).toContainText('No-shows ÷ (completed + no-shows)');
  await expectNoSeriousA11yViolations(page);

  // The contents list is plain links: the keyboard reaches one and Enter moves to its part.
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await contents.getByRole('link', { name: 'Tables and CSV files' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#tables$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Tables and CSV files' })).toBeFocused();

  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await page.getByRole('link', { name: 'How these figures are computed' }).click();
  await expect(page).toHaveURL(/\/docs\/analytics#analytics-page$/);
  await expect(page.getByRole('heading', { level: 2, name: 'The Analytics page' })).toBeFocused();

  await page.evaluate(() => localStorage.setItem('caredeck.language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'كيف تُحسب الأرقام' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'في هذه الصفحة' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
