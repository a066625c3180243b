import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { registerPatient, signIn, toggleTheme } from './identity-helpers';
import { expectFitsOnPhone } from './layout-helpers';

// A patient's chart views and health settings. The demo patient's seeded chart is only read here (other journeys read it
// at the same time); everything that changes an account (profile, insurance, language) is done by a
// patient registered for this file.

const DEMO_PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

async function expectAccessibleEverywhere(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);
}

test('the demo patient reads problems, immunizations, demographics, medical history and visit summaries', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_PATIENT.email, DEMO_PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The older path /patient/symptoms leads to problems.
  await page.goto('/patient/symptoms');
  await expect(page).toHaveURL(/\/problems$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Problems' })).toBeVisible();
  const problem = page.getByTestId('problem').first();
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('ICD-10 code:');
  await expectAccessibleEverywhere(page);

  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Immunizations' }).click();
  await expect(page).toHaveURL(/\/immunizations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Immunizations' })).toBeVisible();
  await expect(page.getByTestId('vaccine').first()).toContainText('CVX code:');
  await expect(page.getByTestId('dose').first()).toBeVisible();
  await expectAccessibleEverywhere(page);

  await page.goto('/patient/emergency-contacts');
  await expect(page).toHaveURL(/\/demographics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
  await expect(page.getByText(/^MRN\d+$/)).toBeVisible();
  await expect(page.getByText(DEMO_PATIENT.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change your details in profile settings' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectAccessibleEverywhere(page);

  await page.goto('/patient/family-history');
  await expect(page).toHaveURL(/\/medical-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Medical history' })).toBeVisible();
  await expect(page.getByTestId('allergies').getByRole('heading', { name: 'Allergies' })).toBeVisible();
  await expect(page.getByTestId('family-history').getByRole('heading', { name: 'Family history' })).toBeVisible();
  await expect(page.locator('[data-testid="history-entry"], [data-testid="family-entry"]').first()).toBeVisible();
  await expectAccessibleEverywhere(page);

  await page.goto('/patient/care-plans');
  await expect(page).toHaveURL(/\/visit-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visit summaries' })).toBeVisible();
  // The whole-visit journey signs a note on today's visit at any moment; the older ones stay without.
  const visit = page.getByTestId('visit').filter({ hasText: 'No summary written yet.' }).first();
  await expect(visit).toContainText('Doctor:');
  await expect(visit.getByText('No summary written yet.')).toBeVisible();
  await expectAccessibleEverywhere(page);
});

test('a patient edits the profile, sees it in demographics, and switches the portal to Spanish and Arabic', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = await registerPatient(browser, 'health-settings');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The older path /patient/profile opens the profile section of the settings.
  await page.goto('/patient/profile');
  await expect(page).toHaveURL(/\/profile-settings#profile$/);
  for (const section of ['Profile', 'Notifications', 'Privacy', 'Preferences', 'Security']) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // A bad phone is said beside the field, and what was typed stays.
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('call me maybe');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(phone).toHaveValue('call me maybe');

  await phone.fill('+1 555 0177');
  await page.getByLabel('Country or region').selectOption('CA');
  await page.getByLabel('Blood type').selectOption('B+');
  await page.getByLabel('Allergies').fill('Latex, Shellfish');
  await page.getByLabel('Insurance provider').fill('Maple Mutual');
  await page.getByLabel('Insurance ID (policy number)').fill('MM-4410');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByText('Country updated. Insurance provider updated.')).toBeVisible();
  await expectAccessibleEverywhere(page);

  await page.reload();
  await expect(page.getByLabel('Allergies')).toHaveValue('Latex, Shellfish');

  // Demographics shows what was saved, read-only.
  await page.goto('/demographics');
  await expect(page.getByText('Maple Mutual')).toBeVisible();
  await expect(page.getByText('Canada')).toBeVisible();
  await expect(page.getByText('+1 555 0177')).toBeVisible();

  // Language: applies at once, is saved, and the navigation follows.
  // After a page load the account's saved language is applied once its settings arrive: choose after that.
  await page.goto('/profile-settings#preferences');
  const preferences = page.getByRole('region', { name: 'Preferences' });
  await expect(preferences.getByRole('status')).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
  await preferences.getByLabel('Language').selectOption('es');
  await saved;
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Idioma cambiado')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navegación del portal' });
  await expect(nav.getByRole('link', { name: 'Citas' })).toBeVisible();
  await page.goto('/problems');
  await expect(page.getByRole('heading', { level: 1, name: 'Problemas de salud' })).toBeVisible();
  await expect(page.getByText('No tiene problemas activos registrados.')).toBeVisible();
  await expectAccessibleEverywhere(page);

  await page.goto('/profile-settings#preferences');
  const preferencias = page.getByRole('region', { name: 'Preferencias' });
  await expect(preferencias.getByLabel('Idioma')).toHaveValue('es');
  await expect(preferencias.getByRole('status')).toHaveCount(0);
  const savedAgain = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
  await preferencias.getByLabel('Idioma').selectOption('ar');
  await savedAgain;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('navigation', { name: 'التنقل في البوابة' }).getByRole('link', { name: 'المواعيد' })).toBeVisible();
  await page.goto('/demographics');
  await expect(page.getByRole('heading', { level: 1, name: 'البيانات الشخصية' })).toBeVisible();
  await expectAccessibleEverywhere(page);

  // The views stay accessible in the dark theme too.
  await toggleTheme(page, 'dark');
  await expectAccessibleEverywhere(page);
  await page.goto('/medical-history');
  await expect(page.getByRole('heading', { level: 1, name: 'التاريخ الطبي' })).toBeVisible();
  await expectAccessibleEverywhere(page);
});
