import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

// The foundation's journeys: a visitor opens the portal, follows and reloads deep links, meets the
// coming-soon page, reads the shell in Arabic, and keeps their theme across reloads.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', lang, `${ns}.json`), 'utf8'));
const en = { common: locale('en', 'common'), landing: locale('en', 'landing') };
const ar = { common: locale('ar', 'common'), landing: locale('ar', 'landing') };

test('the app loads at / with the landing page and the organisation from the server', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.landing.hero.title);
  await expect(page.locator('[data-section="hero"]').getByRole('heading', { name: en.landing.portals.patient.title })).toBeVisible();
  // The footer's organisation and support address come from GET /api/public/config.
  const config = await (await page.request.get('/api/public/config')).json();
  await expect(page.getByRole('contentinfo')).toContainText(config.organisationName);
  await expect(page.getByRole('link', { name: new RegExp(config.supportEmail) })).toHaveAttribute('href', `mailto:${config.supportEmail}`);
});

test('an unknown view shows the coming-soon page, and Go Home returns to the landing page', async ({ page }) => {
  await page.goto('/no-such-view');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This feature is coming soon!');
  await page.getByRole('link', { name: en.common.goHome }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.landing.hero.title);
});

test('an older patient path opens its view, which asks a visitor to sign in first', async ({ page }) => {
  await page.goto('/patient/refills');
  await expect(page).toHaveURL(/\/login\?next=%2Fmedications$/);
  await page.goto('/patient/care-team');
  await expect(page).toHaveURL(/\/login\?next=%2Fdoctors$/);
});

test('reloading a deep link serves the app, not a server 404', async ({ page, allowConsoleErrors }) => {
  // The share-link page asks the API for the token; an unknown token answers 404 by design.
  allowConsoleErrors(/status of 404/);
  await page.goto('/shared/medication/not-a-real-token-0123456789');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.sharedMedication.unavailableTitle);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.sharedMedication.unavailableTitle);

  await page.goto('/features/not-built-yet');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This feature is coming soon!');

  // Back and forward move between the real URLs.
  await page.goBack();
  await expect(page).toHaveURL(/\/shared\/medication\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.sharedMedication.unavailableTitle);
});

test('switching to Arabic translates the shell, sets dir="rtl", and survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-switcher').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.landing.hero.title);
  await expect(page.getByRole('link', { name: ar.common.skipToContent })).toBeAttached();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.landing.hero.title);

  await page.goto('/unknown-view');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.common.comingSoon.title);

  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.common.comingSoon.title);
});

test('the browser language picks the first supported language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('fr', 'landing').hero.title);
  await context.close();
});

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('theme-toggle').click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('with no saved theme the system dark preference is used', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`every page has no serious accessibility violation (${scheme})`, async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await page.emulateMedia({ colorScheme: scheme });
    for (const url of ['/', '/coming-soon-check', '/shared/medication/unknown-token-for-axe']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto('/');
    await page.getByTestId('language-switcher').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoSeriousA11yViolations(page);
  });
}
