import { expect, test } from './fixtures';
import { signIn } from './identity-helpers';

// An address that is no page, met while signed in: the not-found page inside the portal's frame,
// whose Go Home returns to the portal; a view not built yet still says it is coming soon.

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

test('a signed-in patient at an unknown address sees not found in the portal frame and goes home to the portal', async ({ page }) => {
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // The tab says it too, not "coming soon".
  await expect(page).toHaveTitle('Page not found · Caredeck');
  await expect(page.getByRole('navigation', { name: 'Portal navigation' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/parking');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This feature is coming soon!');
});
