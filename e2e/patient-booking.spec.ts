import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { registerPatient, signIn, toggleTheme } from './identity-helpers';
import { expectFitsOnPhone } from './layout-helpers';

// A patient of this journey's own (registered here, so no other journey sees its
// appointments change) books from a doctor's profile (new to the doctor, so a request the clinic
// confirms later), downloads the visit for a calendar, moves it and cancels it. Every step is
// checked with axe, in light and dark theme.

async function pickLastDayAndFirstTime(page: Page, scope = page.locator('body')): Promise<string> {
  const days = scope.getByRole('group', { name: 'Day' }).getByRole('radio');
  await expect(days.first()).toBeAttached();
  // The last offered day lies days ahead, well outside the cut-off for changes.
  await days.last().check({ force: true });
  const times = scope.getByRole('group', { name: /^Free times on / }).getByRole('radio');
  await times.first().check({ force: true });
  return (await times.first().getAttribute('value'))!;
}

test('a patient books an appointment, adds it to the calendar, reschedules and cancels it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = await registerPatient(browser, 'booking');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // From the directory to a doctor's profile, and from there to booking with that doctor.
  await page.goto('/doctors');
  // Not the demo doctor, whose schedule the doctor journeys read.
  await page.getByTestId('directory-card').filter({ hasNotText: 'Michael Chen' }).first().getByRole('link').first().click();
  await page.getByTestId('book-appointment').click();
  await expect(page).toHaveURL(/\/appointments\/book\?doctorId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Doctor' })).not.toHaveValue('');

  await page.getByRole('radio', { name: 'In person' }).check();
  await page.getByRole('textbox', { name: 'Reason for the visit' }).fill('Recurring headaches');
  const booked = await pickLastDayAndFirstTime(page);
  await page.getByRole('checkbox', { name: 'Reserve a parking space' }).check();
  await page.getByRole('textbox', { name: 'Licence plate' }).fill('JRN 2026');
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);
  await page.getByTestId('confirm-booking').click();

  await expect(page).toHaveURL(/\/appointments$/);
  // New to this doctor: with the clinic's default setting the booking waits for the desk's approval.
  await expect(page.getByTestId('appointments-notice')).toContainText('Your request for');
  const card = page.getByRole('listitem').filter({ has: page.locator(`time[datetime="${booked}"]`) });
  await expect(card).toContainText('Requested');
  await expect(card.getByTestId('parking-details')).toContainText('JRN 2026');
  await expectNoSeriousA11yViolations(page);
  await expectFitsOnPhone(page);

  // Add to calendar: an iCalendar file with the visit in UTC and without the reason.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('add-to-calendar').click()]);
  expect(download.suggestedFilename()).toMatch(/^appointment-\d{4}-\d{2}-\d{2}\.ics$/);
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`DTSTART:${booked.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  expect(ics).not.toContain('headaches');
  expect(ics).toContain('STATUS:TENTATIVE');

  // Reschedule to another free time.
  await card.getByTestId('reschedule').click();
  const reschedule = page.getByRole('dialog', { name: 'Choose a new time' });
  await expect(reschedule).toBeVisible();
  const times = reschedule.getByRole('group', { name: 'Day' }).getByRole('radio');
  await expect(times.first()).toBeAttached();
  await times.last().check({ force: true });
  const newTime = reschedule
    .getByRole('group', { name: /^Free times on / })
    .getByRole('radio')
    .last();
  const moved = (await newTime.getAttribute('value'))!;
  expect(moved).not.toBe(booked);
  await newTime.check({ force: true });
  await expectNoSeriousA11yViolations(page);
  await reschedule.getByTestId('confirm-reschedule').click();
  await expect(reschedule).toBeHidden();
  await expect(page.getByTestId('appointments-notice')).toContainText('Your appointment was moved to');
  const movedCard = page.getByRole('listitem').filter({ has: page.locator(`time[datetime="${moved}"]`) });
  await expect(movedCard).toContainText('Requested');

  // Cancel, after confirming; the parking goes with it.
  await toggleTheme(page, 'dark');
  await movedCard.getByTestId('cancel-appointment').click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(cancel).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await cancel.getByTestId('confirm-cancel').click();
  await expect(cancel).toBeHidden();
  await expect(page.getByTestId('appointments-notice')).toContainText('was cancelled');
  await expect(movedCard).toContainText('Cancelled');
  await expect(movedCard.getByTestId('parking-details')).toContainText('cancelled');
  await expectNoSeriousA11yViolations(page);
});
