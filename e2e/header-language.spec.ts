import { expect, test } from './fixtures';
import { csrfHeaders, registerPatient, signIn } from './identity-helpers';

// The header's language menu for a signed-in user: the choice shows at once, is saved with the
// account, and neither the account's earlier language nor a reload brings the old one back. The
// account is registered for this file: its language changes, and other journeys read the demo
// patient in English.

const settingsPut = (url: string, method: string) => url.endsWith('/api/user/settings') && method === 'PUT';

test('a language chosen in the header stays, is saved for the account and survives a reload', async ({ page }) => {
  const account = await registerPatient(page.context().browser()!, 'header-language');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The account already holds a language (German) when the page loads.
  const saved = await page.request.put('/api/user/settings', { headers: await csrfHeaders(page.request), data: { language: 'de' } });
  expect(saved.ok()).toBe(true);

  // The account's settings are held back until the header choice has been made, so the answer
  // that says German arrives after it: the choice made on this page must win.
  let releaseSettings!: () => void;
  const settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
  let settingsAsked!: () => void;
  const asked = new Promise<void>((resolve) => (settingsAsked = resolve));
  await page.route('**/api/user/settings', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    settingsAsked();
    await settingsHeld;
    await route.continue();
  });
  await page.goto('/dashboard');
  await asked;
  const put = page.waitForResponse((r) => settingsPut(r.url(), r.request().method()));
  await page.getByTestId('language-switcher').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await put).request().postDataJSON()).toEqual({ language: 'fr' });
  const settingsAnswered = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'GET');
  releaseSettings();
  await settingsAnswered;
  await expect(page.getByRole('navigation', { name: 'Navigation du portail' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.unroute('**/api/user/settings');

  // The account holds French now: another browser with no choice of its own opens in French too.
  const settings = (await (await page.request.get('/api/user/settings')).json()) as { data: { language: string } };
  expect(settings.data.language).toBe('fr');

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navigation du portail' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // A second choice once the settings have arrived replaces the first, and a reload keeps it.
  const putAgain = page.waitForResponse((r) => settingsPut(r.url(), r.request().method()));
  await page.getByTestId('language-switcher').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await putAgain;
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navegación del portal' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
