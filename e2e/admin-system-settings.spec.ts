import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The demo administrator opens the system settings from the dashboard, changes the session
// timeout and a reminder time, reloads and finds them kept. The settings go back to the server's
// configuration at the end, so journeys that run after this one meet the demo's usual values.
// The clinic's time zone and opening hours are only edited up to a refused save and then left:
// journeys running beside this one book by the demo's zone and hours, which must never change under
// them even for a moment (saving them is proven by the server's integration tests).

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

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

test('an admin edits the clinic’s zone and opening hours by keyboard, and a refused save changes nothing', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/system-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'System settings' })).toBeVisible();

  const zone = page.getByLabel('Clinic time zone');
  await expect(zone).toHaveValue('');
  await expect(page.getByTestId('clinic-zone-note')).toContainText('Changing the time zone moves no appointment');
  // The demo's hours: weekdays 08:00–18:00, a Saturday morning, Sunday closed.
  const monday = page.getByTestId('clinic-day-1');
  await expect(monday.getByLabel('Opens on Monday')).toHaveValue('08:00');
  await expect(monday.getByLabel('Closes on Monday')).toHaveValue('18:00');
  await expect(page.getByTestId('clinic-day-6').getByLabel('Closes on Saturday')).toHaveValue('13:00');
  await expect(page.getByTestId('clinic-day-0').getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('Source of the hours in force: built-in default.')).toBeVisible();

  // By keyboard: the zone field, then Monday's times.
  await zone.focus();
  await page.keyboard.type('Mars/Olympus');
  await monday.getByLabel('Opens on Monday').focus();
  await page.keyboard.type('1900');
  await expect(monday.getByLabel('Opens on Monday')).toHaveValue('19:00');
  // Closing Saturday hides its times.
  await page.getByTestId('clinic-day-6').getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('clinic-day-6')).toContainText('Closed all day');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('clinicTimeZone-error')).toHaveText('Please choose a time zone from the list');
  await expect(page.getByTestId('clinicHours.1.close-error')).toHaveText('The closing time must be after the opening time');
  await expect(zone).toBeFocused();

  // Left without saving: the stored zone and hours are the demo's still.
  await page.reload();
  await expect(zone).toHaveValue('');
  await expect(monday.getByLabel('Opens on Monday')).toHaveValue('08:00');
  await expect(page.getByTestId('clinic-day-6').getByLabel('Opens on Saturday')).toHaveValue('09:00');
});
