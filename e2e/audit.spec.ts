import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';

// The audit trail in the browser: an admin opens the demo patient's record; the patient finds that
// opening on "Who opened my record" (who, role, what, when); the admin finds the same event in the
// audit viewer by its filters, verifies the chain and exports the filtered trail as CSV.

const audit = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', 'audit.json'), 'utf8'));

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
}

async function signInByApi(request: APIRequestContext, account: { email: string; password: string }): Promise<SessionUser> {
  const answer = await request.post('/api/auth/login', { headers: await csrfHeaders(request), data: account });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).user as SessionUser;
}

test('a patient sees who opened their record, and the admin finds it in the audit trail and its export', async ({ browser, page }) => {
  // The admin, in a browser of their own, opens the patient's record.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await signInByApi(adminPage.request, ADMIN);
  const patientContext = await browser.newContext();
  const patient = await signInByApi(patientContext.request, PATIENT);
  await patientContext.close();
  const record = await adminPage.request.get(`/api/patients/${patient.id}`);
  expect(record.status()).toBe(200);

  // The patient sees the opening with the admin's name, what they did and when. Other journeys
  // open the same demo patient's data at the same time (a doctor's schedule names her), so the
  // admin's entry is found by who and what rather than by being the very newest.
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/privacy/access-log');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(audit.accessLog.title);
  const opening = page
    .getByTestId('access-log')
    .getByRole('listitem')
    .filter({ hasText: `${admin.firstName} ${admin.lastName}` })
    .filter({ hasText: audit.actions.patient.read })
    .first();
  await expect(opening).toBeVisible();
  await expect(opening.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expectNoSeriousA11yViolations(page);

  // The admin filters the trail to that patient and action.
  await adminPage.goto('/admin/audit');
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(audit.viewer.title);
  const filters = adminPage.getByRole('search', { name: audit.filters.label });
  await filters.getByLabel(audit.filters.patient).fill(patient.id);
  await filters.getByLabel(audit.filters.action).fill('patient.read');
  await filters.getByRole('button', { name: audit.filters.apply }).click();
  const rows = adminPage.getByTestId('audit-table').locator('tbody tr');
  // Wait for the filtered table itself: a snapshot of the rows taken while the unfiltered table is
  // still shown names rows that then vanish. Every row left names the patient, and there is one.
  await expect(rows.filter({ hasNotText: `${patient.firstName} ${patient.lastName}` })).toHaveCount(0);
  await expect(rows.filter({ hasText: `${admin.firstName} ${admin.lastName}` }).first()).toBeVisible();

  // The chain verifies as intact.
  await adminPage.getByRole('button', { name: audit.chain.verify }).click();
  await expect(adminPage.getByText(/^Intact: \d+ events? verified\.$/)).toBeVisible({ timeout: 20_000 });

  // The export holds the same filtered events.
  const [download] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^caredeck-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) {
    expect(line).toContain('patient.read');
    expect(line).toContain(patient.id);
  }
  await expectNoSeriousA11yViolations(adminPage);
  await adminContext.close();
});
