import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The demo administrator opens the system settings from the dashboard, changes the session
// timeout and a reminder time, reloads and finds them kept. The settings go back to the server's
// configuration at the end, so journeys that run after this one meet the demo's usual values.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Admin#2026' };

test('an admin changes the session timeout and the reminder times, and they are kept after a reload', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('link', { name: 'System settings' }).first().click();
  await expect(page).toHaveURL(/\/admin\/system-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System settings' })).toBeVisible();

  const timeout = page.getByLabel('Sign out after inactivity (minutes)');
  const reminders = page.getByLabel('Reminder times (hours before the visit)');
  await expect(timeout).toHaveValue('');
  await expect(page.getByText('From 5 to 60 minutes.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Out of bounds: said beside the field, nothing saved.
  await timeout.fill('90');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('sessionTimeoutMinutes-error')).toHaveText('Please enter a whole number of minutes from 5 to 60');

  await timeout.fill('45');
  // The demo's own reminder times, typed in another order: a new time would send the week's
  // reminders for it while other journeys read the outbox.
  await reminders.fill('2, 48');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('System settings saved.')).toBeVisible();
  await expect(page.getByText('In force: 45 minutes (saved here).')).toBeVisible();

  await page.reload();
  await expect(timeout).toHaveValue('45');
  await expect(reminders).toHaveValue('48, 2');
  await expect(page.getByText('In force: 48, 2 (saved here).')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back to the configuration.
  await timeout.fill('');
  await reminders.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('In force: 30 minutes (built-in default).')).toBeVisible();
});
