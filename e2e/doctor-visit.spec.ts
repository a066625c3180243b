import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';
import { expectFitsOnPhone } from './layout-helpers';

// A whole visit, as the demo doctor works it without leaving the portal, while the demo patient
// (Sarah Johnson) follows it live in a browser of her own:
//   the doctor's home (today's counts, the waiting room with Sarah first) → start her visit → her
//   chart from the queue, vitals recorded → a note for this visit from a template, filled in from
//   her record → a lipid panel ordered, collected, resulted and released (Sarah's open lab results
//   show it) → her refill approved (she sees it turn) and a drug she is allergic to prescribed, which
//   needs a reason → the note signed → the visit completed (her dashboard follows) → Sarah reads the
//   doctor's instructions under this visit.
// The home is checked with axe in week and day view and on a 360 px phone. (The theme is the
// account's: other journeys sign in as the demo doctor at the same time, so this one leaves it.)
//
// Only this journey takes visit steps, and only on Sarah's visit of today. What it creates is found
// by the ids the server gave or by a marker of its own, so the other journeys of this doctor and
// patient (the chart, orders, the front desk) collide with nothing here.

const locale = (namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${namespace}.json`), 'utf8'));
const texts = locale('doctor-portal');
const health = locale('health');
const orders = locale('orders');
const prescribing = locale('prescribing');
const medications = locale('medications');

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026', firstName: 'Michael' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', name: 'Sarah Johnson' };
/** The demo doctor's patient the front desk's journey checks in (e2e/staff-portal.spec.ts). */
const ARRIVAL = 'Ingrid Solberg';

/** A drug of the list for each drug allergy the demo data records. */
const DRUG_FOR_ALLERGEN: [RegExp, string][] = [
  [/penicillin/i, 'amoxicillin'],
  [/sulfonamide/i, 'sulfamethoxazole-trimethoprim'],
  [/codeine/i, 'codeine'],
  [/ibuprofen/i, 'ibuprofen'],
];

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

/** Opens a view of the patient's in her browser and marks the page, so a later check can tell it was never reloaded. */
async function openLive(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}

async function neverReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

test('a doctor works a whole visit from the queue to the signed note while the patient follows it live', async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.setTimeout(240_000);
  const marker = randomBytes(4).toString('hex');
  const templateName = `Follow-up ${marker}`;
  const instructions = `Walk thirty minutes a day (${marker}).`;
  const orderReason = `Lipids at today’s visit (${marker})`;

  // ── The doctor's home: counts from the seeded day, Sarah first in the waiting room.
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

  // Sarah's dashboard, in another browser: she is checked in.
  const patientContext = await browser.newContext();
  const patientPage = await patientContext.newPage();
  await signIn(patientPage, PATIENT.email, PATIENT.password);
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  await openLive(patientPage, '/dashboard');
  await expect(patientPage.getByText(health.appointments.status['checked-in']).first()).toBeVisible();
  await expect(patientPage.getByText(health.appointments.status['in-progress'])).toHaveCount(0);
  const patientSession = (await (await patientPage.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const patientId = patientSession.user.id;

  // ── Start: the doctor hears it done, the visit is under way, the waiting room is one shorter.
  await next.getByRole('button', { name: `Start the visit with ${PATIENT.name}` }).click();
  await expect(page.getByTestId('visit-notice')).toHaveText(`The visit with ${PATIENT.name} has started.`);
  await expect(next.getByRole('heading', { name: texts.next.inProgress })).toBeVisible();
  await expect(page.getByTestId('waiting-room')).not.toContainText(PATIENT.name);
  const after = await waitingRoom(page);
  const arrivedMeanwhile = !before.some((name) => name.includes(ARRIVAL)) && after.some((name) => name.includes(ARRIVAL)) ? 1 : 0;
  expect(after.length).toBe(before.length - 1 + arrivedMeanwhile);
  await expect(patientPage.getByText(health.appointments.status['in-progress']).first()).toBeVisible();
  await neverReloaded(patientPage);
  const schedule = (await (await page.request.get('/api/doctor/schedule')).json()) as {
    data: { id: string; patientId: string; status: string }[];
  };
  const visitId = schedule.data.find((item) => item.patientId === patientId && item.status === 'in-progress')?.id;
  expect(visitId, 'Sarah’s visit is under way').toBeTruthy();

  // ── Her chart, from her name on the home: vitals with the body mass index.
  await next.getByRole('link', { name: PATIENT.name }).click();
  await expect(page).toHaveURL(new RegExp(`/patient/${patientId}$`));
  const header = page.getByTestId('chart-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(PATIENT.name);
  await expect(header.getByTestId('chart-allergies')).toBeVisible();
  const vitals = page.getByTestId('vitals-form');
  await vitals.getByLabel('Temperature (°C)').fill('37.1');
  await vitals.getByLabel('Heart rate (/min)').fill('68');
  await vitals.getByLabel('Weight (kg)').fill('81');
  await vitals.getByLabel('Height (cm)').fill('180');
  await expect(vitals.getByTestId('bmi-preview')).toContainText('25');
  const vitalsSaved = page.waitForResponse((r) => r.url().endsWith('/vitals') && r.request().method() === 'POST');
  await vitals.getByTestId('vitals-save').click();
  expect((await vitalsSaved).status()).toBe(201);
  const latest = page.getByTestId('chart-section-vitals').getByTestId('latest-vitals');
  await expect(latest.locator('[data-vital="heart-rate"]')).toContainText('68');
  await expect(latest.locator('[data-vital="bmi"]')).toContainText('25');

  // ── A template with named fields, then this visit's note from it, filled in by the server.
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await page.getByTestId('new-template').click();
  const templateDialog = page.getByTestId('template-dialog');
  await templateDialog.getByLabel('Name').fill(templateName);
  await templateDialog.getByLabel('Objective').fill('Vitals:\n{{vitals}}');
  await templateDialog.getByLabel('Plan').fill('Allergies:\n{{allergies}}');
  await templateDialog.getByTestId('template-save').click();
  await expect(templateDialog).toBeHidden();
  await expect(page.getByTestId('template-row').filter({ hasText: templateName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Clinical Notes/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clinical notes' })).toBeVisible();
  const patientSelect = page.getByLabel('Patient', { exact: true });
  await expect(patientSelect.locator('option', { hasText: PATIENT.name })).toHaveCount(1);
  await patientSelect.selectOption(patientId);
  // The visit under way is offered, whether or not its booked time has come.
  const visitSelect = page.getByLabel('Visit (optional)');
  await expect(visitSelect.locator(`option[value="${visitId}"]`)).toHaveCount(1);
  await visitSelect.selectOption(visitId!);
  const templateSelect = page.getByLabel('Template (optional)');
  await templateSelect.selectOption((await templateSelect.locator('option', { hasText: templateName }).getAttribute('value'))!);
  await page.getByTestId('new-note-submit').click();
  await expect(page).toHaveURL(/\/clinical-notes\/[0-9a-f-]{36}$/);
  const notePath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: `Note on ${PATIENT.name}` })).toBeVisible();
  // The vitals just recorded and her active allergies, from her record.
  await expect(page.getByLabel('Objective')).toHaveValue(/Vitals:\n- .+: .+\(\d{4}-\d{2}-\d{2}\)/);
  await expect(page.getByLabel('Objective')).toHaveValue(/68/);
  const allergies = (await (await page.request.get(`/api/patients/${patientId}/allergies`)).json()) as {
    data: { allergen: string; status: string }[];
  };
  const active = allergies.data.filter((allergy) => allergy.status === 'active');
  const plan = page.getByLabel('Plan', { exact: true });
  for (const allergy of active) await expect(plan).toHaveValue(new RegExp(allergy.allergen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  if (active.length === 0) await expect(plan).toHaveValue(/None recorded/);
  await expect(plan).not.toHaveValue(/\{\{/);
  await expectNoSeriousA11yViolations(page);
  // Typing is saved by itself; a reload shows the saved draft.
  const draftSaved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.ok() && (response.request().postData() ?? '').includes(marker),
  );
  await page.getByLabel('Subjective').fill(`Feels better since the last visit (${marker}).`);
  await page.getByLabel('Instructions for the patient').fill(instructions);
  await draftSaved;
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByLabel('Instructions for the patient')).toHaveValue(instructions);
  await expect(page.getByLabel('Subjective')).toHaveValue(`Feels better since the last visit (${marker}).`);

  // ── A lipid panel: ordered, collected, resulted with one value high, released; Sarah's open lab
  // results show it by themselves, never before the release.
  await openLive(patientPage, '/lab-results');
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Orders/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: orders.title })).toBeVisible();
  await page.getByTestId('new-order').click();
  const orderForm = page.getByTestId('new-order-dialog');
  await orderForm.getByLabel(orders.form.patient, { exact: true }).selectOption(patientId);
  await orderForm.getByLabel(orders.form.lab, { exact: true }).selectOption('lipid');
  await expect(orderForm.getByTestId('panel-tests')).toContainText('LDL');
  await orderForm.getByLabel(orders.form.reason, { exact: true }).fill(orderReason);
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await orderForm.getByTestId('new-order-submit').click();
  const orderId = ((await (await placed).json()) as { data: { id: string } }).data.id;
  await expect(orderForm).toBeHidden();
  const order = page.locator('[data-testid="order"]').filter({ has: page.getByText(orderReason) });
  await expect(order).toHaveAttribute('data-status', 'ordered');
  await order.getByRole('button', { name: `Mark Lipid panel for ${PATIENT.name} collected` }).click();
  await expect(order).toHaveAttribute('data-status', 'collected');
  await order.getByRole('button', { name: `Enter results of Lipid panel for ${PATIENT.name}` }).click();
  const results = page.getByTestId('results-dialog');
  await results.getByLabel(/^Total cholesterol|^Cholesterol/).fill('190');
  await results.getByLabel(/^HDL/).fill('55');
  await results.getByLabel(/^LDL/).fill('165');
  await results.getByLabel(/^Triglycerides/).fill('110');
  await results.getByTestId('results-submit').click();
  await expect(results).toBeHidden();
  await expect(order).toHaveAttribute('data-status', 'resulted');
  await expect(order.locator('[data-testid="order-component"][data-flag="high"]')).toHaveCount(1);
  await expect(patientPage.locator(`[data-panel-id="${orderId}"]`)).toHaveCount(0);
  await order.getByRole('button', { name: `Review and release Lipid panel for ${PATIENT.name}` }).click();
  const release = page.getByTestId('release-dialog');
  await release.getByTestId('release-submit').click();
  await expect(release).toBeHidden();
  const panel = patientPage.locator(`[data-panel-id="${orderId}"]`);
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-testid="lab-component"][data-flag="high"]')).toHaveCount(1);
  await neverReloaded(patientPage);

  // ── Sarah asks for a refill from her medications; the doctor approves it and she sees it turn.
  await openLive(patientPage, '/medications');
  const current = patientPage.getByTestId('medications-current');
  const refillAction = current.getByRole('button', { name: /^Request refill of / }).first();
  await expect(refillAction).toBeVisible();
  const medication = ((await refillAction.getAttribute('aria-label')) ?? '').replace(/^Request refill of /, '');
  const card = current.getByTestId('medication-card').filter({ has: patientPage.getByRole('heading', { name: medication, exact: true }) });
  await refillAction.click();
  const refillDialog = patientPage.getByRole('dialog', { name: `Request a refill of ${medication}` });
  await refillDialog.getByRole('button', { name: medications.refill.submit }).click();
  await expect(refillDialog).toBeHidden();
  await expect(card.getByTestId('refill-status')).toHaveAttribute('data-status', 'requested');

  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Medications/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: prescribing.title })).toBeVisible();
  const request = page.getByTestId('pending-refill').filter({ hasText: medication }).filter({ hasText: PATIENT.name });
  await expect(request).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-sonner-toaster]'] });
  await request.getByRole('button', { name: `Approve the refill of ${medication} for ${PATIENT.name}` }).click();
  const decide = page.getByTestId('decide-refill-dialog');
  await decide.getByTestId('decide-refill-submit').click();
  await expect(decide).toBeHidden();
  await expect(request).toHaveCount(0);
  await expect(card.getByTestId('refill-status')).toHaveAttribute('data-status', 'approved');
  await expect(card.getByTestId('refill-status')).toHaveText(/^Refill approved on /);

  // A drug she is allergic to: the warning, the refusal without a reason, then the reason; the new
  // medicine reaches her open list.
  const drugCode = active
    .flatMap((allergy) => DRUG_FOR_ALLERGEN.filter(([pattern]) => pattern.test(allergy.allergen)).map(([, code]) => code))
    .at(0);
  expect(drugCode, 'the demo patient has a drug allergy').toBeTruthy();
  await page.getByTestId('new-prescription').click();
  const prescription = page.getByTestId('prescription-dialog');
  await prescription.getByLabel(prescribing.form.patient, { exact: true }).selectOption(patientId);
  await prescription.getByLabel(prescribing.form.drug, { exact: true }).selectOption(drugCode!);
  await expect(prescription.getByTestId('warning-allergy')).toBeVisible();
  await prescription.getByLabel(prescribing.form.dose, { exact: true }).fill('1 tablet');
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-sonner-toaster]'] });
  // The server refuses it (409) until a reason is given; the browser logs that refusal.
  allowConsoleErrors(/status of 409 \(Conflict\)/);
  await prescription.getByTestId('prescription-submit').click();
  await expect(prescription.getByText(prescribing.form.overrideRequired)).toBeVisible();
  const overrideReason = `Desensitised under supervision (${marker}).`;
  await prescription.getByLabel(prescribing.form.overrideReason).fill(overrideReason);
  await prescription.getByTestId('prescription-submit').click();
  await expect(prescription).toBeHidden();
  const written = page.getByTestId('prescription').filter({ hasText: overrideReason });
  await expect(written).toHaveCount(1);
  const drugName = (await written.getByRole('heading').textContent())!;
  await expect(current.getByRole('heading', { name: drugName, exact: true }).first()).toBeVisible();
  await neverReloaded(patientPage);

  // ── The note, signed: locked, and listed as signed among the visit notes.
  await page.goto(notePath);
  await expect(page.getByLabel('Instructions for the patient')).toHaveValue(instructions);
  await page.getByTestId('sign-note').click();
  await page.getByTestId('sign-dialog').getByRole('button', { name: 'Sign now' }).click();
  await expect(page.getByTestId('note-status')).toHaveText('Signed');
  await expect(page.getByTestId('signed-by')).toContainText('Signed by Dr.');
  await expect(page.getByTestId('signed-instructions')).toContainText(instructions);
  await expect(page.getByLabel('Subjective')).toHaveCount(0);
  await page.goto('/visit-notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Visit notes' })).toBeVisible();
  await expect(page.getByTestId('note-row').filter({ hasText: PATIENT.name }).filter({ hasText: 'Signed' }).first()).toBeVisible();

  // ── Complete the visit from the home; Sarah's dashboard follows without a reload.
  await openLive(patientPage, '/dashboard');
  await expect(patientPage.getByText(health.appointments.status['in-progress']).first()).toBeVisible();
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Doctor Portal/ })
    .click();
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await next.getByRole('button', { name: `Complete the visit with ${PATIENT.name}` }).click();
  await expect(page.getByTestId('visit-notice')).toHaveText(`The visit with ${PATIENT.name} is complete.`);
  await expect(patientPage.getByText(health.appointments.status['in-progress'])).toHaveCount(0);
  await neverReloaded(patientPage);

  // ── Sarah reads the doctor's instructions under this visit.
  await patientPage.goto('/visit-notes');
  const summary = patientPage.getByTestId('visit').filter({ hasText: instructions }).getByTestId('visit-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Your doctor’s instructions');
  await expectNoSeriousA11yViolations(patientPage);
  await patientContext.close();

  // ── The calendar by day, then back to the week; axe, and no sideways scroll on a phone.
  const calendar = page.getByTestId('doctor-calendar');
  await calendar.getByRole('button', { name: texts.calendar.day, exact: true }).click();
  await expect(calendar.getByRole('button', { name: texts.calendar.day, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(calendar.getByText(PATIENT.name).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-sonner-toaster]'] });
  await calendar.getByRole('button', { name: texts.calendar.nextDay }).click();
  await calendar.getByRole('button', { name: texts.calendar.today, exact: true }).click();
  await calendar.getByRole('button', { name: texts.calendar.week, exact: true }).click();
  await expectFitsOnPhone(page);
});
