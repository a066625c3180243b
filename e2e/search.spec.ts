import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The header search, as people use it: a doctor types part of a patient's name and opens the chart
// without touching the mouse; a patient finds refills among the features and lands on their
// medications; what they typed is offered again after a reload. Only reads: nothing here changes
// what other journeys see.

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

// Each journey runs axe twice with the panel open, which takes its time on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a doctor finds a patient by part of the name and opens the chart with the keyboard alone', async ({ page }) => {
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/\/doctor-portal$/);

  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toHaveAttribute('placeholder', 'Search patients, doctors, staff, features...');
  await box.focus();
  await page.keyboard.type('johns');
  const panel = page.getByTestId('search-panel');
  const first = panel.getByRole('group', { name: 'Patients' }).getByRole('option').first();
  await expect(first).toContainText('Sarah Johnson');
  // The matched part of the name is marked.
  await expect(first.locator('mark').first()).toHaveText(/johns/i);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('chart-header').getByRole('heading', { level: 1 })).toHaveText('Sarah Johnson');
  // The name never went into the address.
  expect(page.url()).not.toContain('johns');
});

test('a patient finds refills among the features, lands on medications and sees the search again after a reload', async ({ page }) => {
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toHaveAttribute('placeholder', 'Search features, appointments, services...');
  await box.focus();
  await page.keyboard.type('refill');
  const panel = page.getByTestId('search-panel');
  const refills = panel.getByRole('option', { name: /Prescription refills/ });
  await expect(refills).toBeVisible();
  // A patient finds no people.
  await expect(panel.getByRole('group', { name: 'Patients' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Down the list to the refills, then Enter.
  const options = panel.getByRole('option');
  for (let step = 0; step < 10; step += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await refills.getAttribute('aria-selected')) === 'true') break;
  }
  await expect(refills).toHaveAttribute('aria-selected', 'true');
  expect(await options.count()).toBeGreaterThan(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/medications$/);

  await page.reload();
  await page.getByRole('combobox', { name: 'Search' }).focus();
  const recent = page.getByTestId('search-panel').getByRole('group', { name: 'Recent searches' });
  await expect(recent.getByRole('option', { name: 'refill' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBe('["refill"]');
  await expectNoSeriousA11yViolations(page);
});
