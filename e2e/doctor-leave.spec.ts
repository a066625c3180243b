import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// A doctor's leave, live: the demo doctor asks for leave on their Schedule and leave view; the
// administrator, in a second browser, approves it on the leave approvals page, and the doctor's open
// page shows it approved without a reload. Then the doctor takes over the seeded colleague's
// appointment that waits for cover. The leave lies far ahead, so no other journey's slots change.

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };
const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

async function fillDate(group: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-') as [string, string, string];
  await group.getByLabel('Month').fill(month);
  await group.getByLabel('Day').fill(day);
  await group.getByLabel('Year').fill(year);
}

function daysAhead(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

async function openSchedule(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule and leave' })).toBeVisible();
}

test('a doctor asks for leave, an administrator approves it and the doctor sees it live; the doctor covers a colleague’s visit', async ({
  page,
  browser,
}) => {
  // Two browsers and two sign-ins: more than one journey's usual time.
  test.slow();
  const marker = `Journey leave ${Date.now()}`;
  // Random days far ahead, so two runs against one database do not overlap.
  const offset = 400 + Math.floor(Math.random() * 300);
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await openSchedule(page);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');

  const form = page.getByTestId('request-leave-section');
  await form.getByLabel('Kind of leave').selectOption('conference');
  await fillDate(form.getByTestId('startDate-date'), daysAhead(offset));
  await fillDate(form.getByTestId('endDate-date'), daysAhead(offset + 2));
  await form.getByLabel('Reason (optional)').fill(marker);
  await form.getByRole('button', { name: 'Send request' }).click();
  const mine = page.getByTestId('leave-request').filter({ hasText: marker });
  await expect(mine.getByTestId('leave-status')).toHaveText('Pending');
  await expectNoSeriousA11yViolations(page);

  // The administrator, in their own browser.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin-dashboard$/);
  await admin.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Leave approvals' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Leave approvals' })).toBeVisible();
  const request = admin.getByTestId('leave-approval').filter({ hasText: marker });
  await expect(request).toContainText('Dr. Michael Chen');
  await expectNoSeriousA11yViolations(admin);
  await request.getByRole('button', { name: /^Approve the leave of Dr. Michael Chen/ }).click();
  const dialog = admin.getByTestId('leave-decision');
  await dialog.getByLabel('Note to the doctor (optional)').fill('Enjoy the conference');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Leave approved; the doctor has been told.')).toBeVisible();
  await adminContext.close();

  // The doctor's open page follows, without a reload.
  await expect(mine.getByTestId('leave-status')).toHaveText('Approved');
  await expect(mine).toContainText('Enjoy the conference');
  await expect(page.getByTestId('time-off-leave').first()).toBeVisible();

  // A Family Medicine colleague's visit waits for cover (the demo seed); the doctor takes it over.
  const offer = page.getByTestId('coverage-offer').first();
  await expect(offer).toContainText('Your specialty');
  await offer.getByRole('button', { name: /^Take over the appointment on/ }).click();
  await expect(page.getByText(/is now yours; the patient has been told/)).toBeVisible();
});
