import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The administrator's reports: from the sidebar to the Reports page, a CSV of the appointments for a
// fixed period (its header row checked in the saved file), then the same as a PDF; then a weekly
// schedule of a report, mailed to the admin, added and listed.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

/** A date field is three boxes (day, month, year) in one labelled group. */
async function fillDate(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-') as [string, string, string];
  const group = page.getByRole('group', { name: label, exact: true });
  await group.locator('input[name$=".year"]').fill(year);
  await group.locator('input[name$=".month"]').fill(month);
  await group.locator('input[name$=".day"]').fill(date);
}

test('an admin downloads the appointments report as a CSV and as a PDF, and schedules a weekly report', async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(120_000);
  // The reversed period at the end is refused by the server on purpose.
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Report', { exact: true }).selectOption('appointments');
  await fillDate(page, 'From', '2026-01-01');
  await fillDate(page, 'To', '2026-01-31');

  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('report-csv').click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('caredeck-appointments-2026-01-01-to-2026-01-31.csv');
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Day,Total,Requested,Scheduled,Checked in,In progress,Completed,Cancelled,No-show,In person,Video');
  expect(text.split('\r\n')[1]).toMatch(/^2026-01-01,\d+,/);

  const pdfDownload = page.waitForEvent('download');
  await page.getByTestId('report-pdf').click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('caredeck-appointments-2026-01-01-to-2026-01-31.pdf');
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByTestId('report-pdf')).toHaveText('Download PDF');

  // A reversed period is refused by the server and said in words.
  await fillDate(page, 'From', '2026-02-10');
  await fillDate(page, 'To', '2026-02-01');
  await page.getByTestId('report-csv').click();
  await expect(page.getByTestId('report-error')).toHaveText("The period's end date is before its start date.");
  await expectNoSeriousA11yViolations(page);

  const schedules = page.getByTestId('report-schedules');
  await schedules.getByLabel('Report to schedule').selectOption('new-patients');
  await schedules.getByLabel('How often').selectOption('weekly');
  await schedules.getByLabel('Format').selectOption('csv');
  await schedules.getByRole('button', { name: 'Schedule report' }).click();
  await expect(schedules.getByTestId('report-schedules-message')).toHaveText('The report is scheduled.');
  await expect(schedules.getByTestId('report-schedule').filter({ hasText: 'New patients · Weekly · CSV' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
