import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// A doctor's patient management: My patients from the sidebar, a search, the chart with its header
// always in view, vitals recorded (the body mass index shows; an implausible value is refused with
// a translated message and nothing changes) and an allergy added. The patient is one of the demo
// doctor's own, not the demo patient account other journeys read at the same time.

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };

test('a doctor finds a patient, opens the chart, records vitals and adds an allergy', async ({ page }) => {
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/\/doctor-portal$/);

  await page.getByTestId('sidebar').getByRole('link', { name: 'My patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  const table = page.getByTestId('patients-table');
  await expect(table).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Someone in the doctor's care other than the demo patient, found again by a search on the last name.
  const links = table.getByRole('link');
  const names = await links.allTextContents();
  const name = names.find((text) => !text.includes('Sarah Johnson'))!;
  expect(name).toBeTruthy();
  const lastName = name.trim().split(' ').at(-1)!;
  await page.getByLabel('Name or record number').fill(lastName);
  await page.getByTestId('patients-search').click();
  await expect(table.getByRole('link', { name })).toBeVisible();
  expect(page.url()).not.toContain(lastName);
  await table.getByRole('link', { name }).first().click();

  await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}$/);
  const header = page.getByTestId('chart-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(header.getByTestId('chart-mrn')).toHaveText(/^MRN\d+$/);
  await expect(header.getByTestId('chart-allergies')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // An implausible temperature: the form says so in the reader's language and nothing is sent.
  const vitals = page.getByTestId('vitals-form');
  const latestBefore = await page.getByTestId('chart-section-vitals').getByTestId('latest-vitals').textContent();
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/vitals')) sent += 1;
  });
  await vitals.getByLabel('Temperature (°C)').fill('370');
  await vitals.getByTestId('vitals-save').click();
  await expect(vitals.getByText('This value is outside the plausible range')).toBeVisible();
  expect(sent).toBe(0);
  await expect(page.getByTestId('chart-section-vitals').getByTestId('latest-vitals')).toHaveText(latestBefore ?? '');

  // A plausible sitting: the body mass index shows before and after saving.
  await vitals.getByLabel('Temperature (°C)').fill('36.9');
  await vitals.getByLabel('Heart rate (/min)').fill('72');
  await vitals.getByLabel('Weight (kg)').fill('81');
  await vitals.getByLabel('Height (cm)').fill('180');
  await expect(vitals.getByTestId('bmi-preview')).toContainText('25');
  const saved = page.waitForResponse((r) => r.url().endsWith('/vitals') && r.request().method() === 'POST');
  await vitals.getByTestId('vitals-save').click();
  expect((await saved).status()).toBe(201);
  await expect(vitals.getByRole('status')).toContainText('5 readings recorded.');
  const latest = page.getByTestId('chart-section-vitals').getByTestId('latest-vitals');
  await expect(latest.locator('[data-vital="bmi"]')).toContainText('25');
  await expect(latest.locator('[data-vital="heart-rate"]')).toContainText('72');

  // An allergy: it joins the header's allergies at once.
  const allergen = `Latex ${Date.now().toString(36)}`;
  const allergyForm = page.getByTestId('allergy-form');
  await allergyForm.getByLabel('Allergen').fill(allergen);
  await allergyForm.getByLabel('Severity').selectOption('severe');
  await allergyForm.getByLabel('Reaction').fill('Hives');
  await allergyForm.getByTestId('allergy-save').click();
  await expect(header.getByTestId('chart-allergies')).toContainText(allergen);
  await expect(page.getByTestId('allergy-list')).toContainText(allergen);
  await expect(header.getByTestId('chart-alerts')).toContainText('Severe allergy');
});
