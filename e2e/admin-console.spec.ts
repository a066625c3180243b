import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, registerPatient, signIn } from './identity-helpers';

// The administrator's console: the home's figures, a brute-force alert raised by failed sign-ins
// made in another browser, unlocking that account, and ending its sessions, which signs its open
// page out at once. The account is a patient registered for this journey only.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };
/** A date field is three boxes (day, month, year) in one labelled group. */
async function fillDate(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-') as [string, string, string];
  const group = page.getByRole('group', { name: label, exact: true });
  await group.locator('input[name$=".year"]').fill(year);
  await group.locator('input[name$=".month"]').fill(month);
  await group.locator('input[name$=".day"]').fill(date);
}

const FIGURES = [
  'stat-users',
  'stat-sessions',
  'stat-today',
  'stat-week',
  'stat-no-show',
  'stat-registrations',
  'stat-tasks',
  'stat-alerts',
];

test('an admin reads the figures, sees a brute-force alert, unlocks the account and signs its user out everywhere', async ({
  page,
  browser,
}) => {
  // Three browsers and two dozen steps on a shared machine.
  test.setTimeout(180_000);
  const patient = await registerPatient(browser, 'admin-console');

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  for (const figure of FIGURES) await expect(page.getByTestId(`${figure}-value`)).toHaveText(/\d|No visits due/);
  await expect(page.getByTestId('stat-alerts')).toHaveAttribute('href', '/admin/security');
  await expectNoSeriousA11yViolations(page);

  // Someone else guesses the patient's password: five wrong answers, then the sixth is held back.
  const attacker = await browser.newContext();
  const headers = await csrfHeaders(attacker.request);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await attacker.request.post('/api/auth/login', {
      headers,
      data: { email: patient.email, password: `Wrong#Guess${attempt}` },
    });
    expect(answer.status()).toBe(401);
  }
  expect(
    (await attacker.request.post('/api/auth/login', { headers, data: { email: patient.email, password: patient.password } })).status(),
  ).toBe(429);
  await attacker.close();

  // The alert, and the lock, on the security view.
  await page.getByTestId('stat-alerts').click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByTestId('security-alert').filter({ hasText: patient.email })).toContainText(
    'Repeated failed sign-ins to Sam Journey',
  );
  const lock = page.getByTestId('locked-accounts').getByRole('row').filter({ hasText: patient.email });
  await expect(lock).toContainText('5');
  await expectNoSeriousA11yViolations(page);
  await lock.getByRole('button', { name: 'Unlock Sam Journey' }).click();
  await expect(page.getByText('Sam Journey can sign in again.')).toBeVisible();
  await expect(page.getByTestId('locked-accounts').getByRole('row').filter({ hasText: patient.email })).toHaveCount(0);

  // The real user gets in again.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signIn(user, patient.email, patient.password);
  await expect(user).toHaveURL(/\/dashboard$/);
  await expect(user.getByTestId('user-menu')).toBeVisible();

  // The admin ends their sessions; the open page follows without a reload.
  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Signed-in sessions' }).click();
  await expect(page).toHaveURL(/\/admin\/sessions$/);
  await page.getByLabel('Name or email').fill(patient.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const session = page.getByTestId('sessions-table').getByRole('row').filter({ hasText: patient.email });
  await expect(session).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await session.getByRole('button', { name: 'End the sessions of Sam Journey' }).click();
  const confirm = page.getByRole('dialog', { name: 'End every session of Sam Journey?' });
  await confirm.getByRole('button', { name: 'End sessions' }).click();
  await expect(page.getByText('Sam Journey has been signed out everywhere.')).toBeVisible();
  await expect(page.getByTestId('sessions-table').getByRole('row').filter({ hasText: patient.email })).toHaveCount(0);

  await expect(user).toHaveURL(/\/$/);
  await expect(user.getByTestId('user-menu')).toHaveCount(0);
  await userContext.close();
});

test('analytics show their charts with tables and download a CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-period')).toContainText('per week');

  // A reversed period is refused beside the field, before anything is asked.
  await fillDate(page, 'From', '2026-03-14');
  await fillDate(page, 'To', '2026-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The end date cannot be before the start date')).toBeVisible();

  await fillDate(page, 'From', '2026-11-01');
  await fillDate(page, 'To', '2026-11-30');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('analytics-period')).toContainText('per day');
  await expect(page.getByTestId('chart-status').getByTestId('trend-chart')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('chart-doctor-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('rates-by-doctor_2026-11-01_2026-11-30.csv');
});
