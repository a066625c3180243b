import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';
import { expectFitsOnPhone } from './layout-helpers';

// The patient portal's read-only parts: the demo patient's dashboard shows real data from the seeded
// chart in every section, and the lab results, medications and vitals views open from it. Each view is
// checked with axe and on a 360 px phone for sideways overflow.

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

test('the demo patient sees real data on the dashboard and in lab results, medications and vitals', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();

  // Every section holds seeded data, not an empty or error state.
  for (const section of ['dashboard-upcoming', 'dashboard-recent']) {
    await expect(page.getByTestId(section).getByTestId('appointment-item').first()).toBeVisible();
  }
  await expect(page.getByTestId('dashboard-vitals').getByText('Blood pressure')).toBeVisible();
  await expect(page.getByTestId('dashboard-medications').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-labs').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);

  // Lab results: a panel with a flagged value, told in words, and the trend chart.
  await page.getByTestId('dashboard-labs').getByRole('link', { name: 'All lab results' }).click();
  await expect(page).toHaveURL(/\/lab-results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lab results' })).toBeVisible();
  const flagged = page.locator('[data-testid="lab-component"]:not([data-flag="normal"])').first();
  await expect(flagged).toBeVisible();
  await expect(flagged.getByText(/^(High|Low|Critical)$/)).toBeVisible();
  const trend = page.getByTestId('lab-trend');
  await expect(trend.getByTestId('trend-chart-surface')).toBeVisible();
  await expect(trend.getByTestId('trend-line')).toHaveCount(1);
  await expect(trend.locator('figcaption')).toContainText(/results from/);
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);

  // Medications with the allergies beside them.
  await page.goto('/patient/medications');
  await expect(page).toHaveURL(/\/medications$/);
  await expect(page.getByTestId('medications-current').getByTestId('medication-card').first()).toBeVisible();
  await expect(page.getByTestId('allergies').getByRole('heading', { name: 'Allergies' })).toBeVisible();
  await expect(page.getByTestId('allergies').getByTestId('allergy-item').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);

  // Vitals: a trend chart per measure (the older path /patient/health-metrics leads here).
  await page.goto('/patient/health-metrics');
  await expect(page).toHaveURL(/\/vitals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vital signs' })).toBeVisible();
  const measures = page.getByTestId('vital-measure');
  await expect(measures.first()).toBeVisible();
  expect(await measures.count()).toBeGreaterThan(3);
  await expect(measures.first().getByTestId('trend-chart-surface')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);

  // Appointments: upcoming and past tabs.
  await page.goto('/patient/appointments');
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('appointment-item').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page.getByTestId('appointment-item').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);
});
