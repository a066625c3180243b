import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The doctor's home in the browser. The demo doctor signs in to today's counts, the waiting room
// and the day's visits (the seed books them today in the clinic's zone, the demo patient first in
// the queue); they start and complete her visit, and her own dashboard, open in another browser,
// follows each step live without a reload. The page is checked with axe in week and day view, and
// on a 360 px phone. (The theme is the account's: other journeys sign in as the demo doctor at the
// same time, so this one leaves it alone.)
//
// Only this journey takes visit steps, and only on the demo patient's visit of today.

const locale = (namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${namespace}.json`), 'utf8'));
const texts = locale('doctor-portal');
const health = locale('health');

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026', firstName: 'Michael' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', name: 'Sarah Johnson' };
/** The demo doctor's patient the front desk's journey checks in (e2e/staff-portal.spec.ts). */
const ARRIVAL = 'Ingrid Solberg';

async function expectFitsOnPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

/**
 * The waiting room's entries once its count and its list agree. The front desk's journey checks its
 * own patient of the demo doctor's in at any moment (ARRIVAL), and the count and the list follow
 * that push each on its own, so a single reading of each may straddle it.
 */
async function waitingRoom(page: Page): Promise<string[]> {
  let entries: string[] = [];
  await expect
    .poll(async () => {
      const stated = await page.getByTestId('stat-waitingNow').textContent();
      entries = await page.getByTestId('waiting-list').getByRole('listitem').allTextContents();
      return stated !== null && /^\d+$/.test(stated) && Number(stated) === entries.length;
    })
    .toBe(true);
  return entries;
}

async function count(page: Page, key: string): Promise<number> {
  const cell = page.getByTestId(`stat-${key}`);
  await expect(cell).toHaveText(/^\d+$/);
  return Number(await cell.textContent());
}

test('the demo doctor works through today’s queue and the patient follows her visit live', async ({ page, browser }) => {
  test.setTimeout(120_000);

  // The doctor's home: counts from the seeded day, the demo patient first in the waiting room.
  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${DOCTOR.firstName}`);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  expect(await count(page, 'todaysVisits')).toBeGreaterThan(0);
  const before = await waitingRoom(page);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const waiting = page.getByTestId('waiting-list').getByRole('listitem');
  await expect(waiting.first()).toContainText(PATIENT.name);
  await expect(waiting.first()).toContainText(texts.queue.position.replace('{{position}}', '1'));
  const next = page.getByTestId('next-patient');
  await expect(next.getByRole('heading', { name: texts.next.title })).toBeVisible();
  await expect(next.getByTestId('patient-name')).toHaveText(PATIENT.name);
  await expect(page.getByTestId('today-schedule').getByTestId('schedule-item').first()).toBeVisible();
  await expect(page.getByTestId('doctor-calendar').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The patient's own dashboard, in another browser, with the live connection up.
  const patientContext = await browser.newContext();
  const patientPage = await patientContext.newPage();
  await signIn(patientPage, PATIENT.email, PATIENT.password);
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  await expect(patientPage.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  await expect(patientPage.getByText(health.appointments.status['checked-in']).first()).toBeVisible();
  await expect(patientPage.getByText(health.appointments.status['in-progress'])).toHaveCount(0);
  await patientPage.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // Start: the doctor hears it done, the visit is under way, the waiting room is one shorter.
  await next.getByRole('button', { name: `Start the visit with ${PATIENT.name}` }).click();
  await expect(page.getByTestId('visit-notice')).toHaveText(`The visit with ${PATIENT.name} has started.`);
  await expect(next.getByRole('heading', { name: texts.next.inProgress })).toBeVisible();
  await expect(page.getByTestId('waiting-room')).not.toContainText(PATIENT.name);
  const after = await waitingRoom(page);
  const arrivedMeanwhile = !before.some((name) => name.includes(ARRIVAL)) && after.some((name) => name.includes(ARRIVAL)) ? 1 : 0;
  expect(after.length).toBe(before.length - 1 + arrivedMeanwhile);
  await expect(patientPage.getByText(health.appointments.status['in-progress']).first()).toBeVisible();

  // Complete: the patient's dashboard follows again, still without a reload.
  await next.getByRole('button', { name: `Complete the visit with ${PATIENT.name}` }).click();
  await expect(page.getByTestId('visit-notice')).toHaveText(`The visit with ${PATIENT.name} is complete.`);
  await expect(patientPage.getByText(health.appointments.status['in-progress'])).toHaveCount(0);
  expect(await patientPage.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await patientContext.close();

  // The calendar by day, then back to the week; axe in both themes, and no sideways scroll on a phone.
  const calendar = page.getByTestId('doctor-calendar');
  await calendar.getByRole('button', { name: texts.calendar.day, exact: true }).click();
  await expect(calendar.getByRole('button', { name: texts.calendar.day, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(calendar.getByText(PATIENT.name).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await calendar.getByRole('button', { name: texts.calendar.nextDay }).click();
  await calendar.getByRole('button', { name: texts.calendar.today, exact: true }).click();
  await calendar.getByRole('button', { name: texts.calendar.week, exact: true }).click();
  await expectFitsOnPhone(page);
});
