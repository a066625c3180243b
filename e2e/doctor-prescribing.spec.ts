import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// A doctor's prescribing in the browser. The demo patient (Sarah Johnson) asks her doctor for a
// refill; the doctor approves it in the medications view while Sarah, in a browser of her own, sees
// the request turn to approved without reloading. The doctor then prescribes a drug Sarah is
// allergic to: the warning shows, saving is refused until a reason is given, and the new
// prescription reaches Sarah's open medication list live.
//
// The refill and the prescription are found by medication and patient name, so the other journey
// that asks this doctor for a refill (another patient's) collides with nothing here.

const locale = (namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${namespace}.json`), 'utf8'));
const prescribing = locale('prescribing');
const medications = locale('medications');

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', name: 'Sarah Johnson' };
const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };

/** A drug of the list for each drug allergy the demo data records. */
const DRUG_FOR_ALLERGEN: [RegExp, string][] = [
  [/penicillin/i, 'amoxicillin'],
  [/sulfonamide/i, 'sulfamethoxazole-trimethoprim'],
  [/codeine/i, 'codeine'],
  [/ibuprofen/i, 'ibuprofen'],
];

test('a doctor approves a refill the patient sees live, and prescribing against an allergy needs a reason', async ({ page, browser }) => {
  test.setTimeout(120_000);

  // The patient, with her medications open and the live connection up.
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard/);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const allergies = (await (await page.request.get(`/api/patients/${session.user.id}/allergies`)).json()) as {
    data: { allergen: string; status: string }[];
  };
  const drugCode = allergies.data
    .filter((allergy) => allergy.status === 'active')
    .flatMap((allergy) => DRUG_FOR_ALLERGEN.filter(([pattern]) => pattern.test(allergy.allergen)).map(([, code]) => code))[0];
  expect(drugCode, 'the demo patient has a drug allergy').toBeTruthy();

  await page.goto('/medications');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const current = page.getByTestId('medications-current');
  const action = current.getByRole('button', { name: /^Request refill of / }).first();
  await expect(action).toBeVisible();
  const medication = ((await action.getAttribute('aria-label')) ?? '').replace(/^Request refill of /, '');
  const card = current.getByTestId('medication-card').filter({ has: page.getByRole('heading', { name: medication, exact: true }) });
  await action.click();
  const refillDialog = page.getByRole('dialog', { name: `Request a refill of ${medication}` });
  await refillDialog.getByRole('button', { name: medications.refill.submit }).click();
  await expect(refillDialog).toBeHidden();
  await expect(card.getByTestId('refill-status')).toHaveAttribute('data-status', 'requested');

  // The doctor, in a browser of their own, approves it.
  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await signIn(doctorPage, DOCTOR.email, DOCTOR.password);
  await expect(doctorPage).toHaveURL(/\/doctor-portal/);
  await expect(doctorPage.getByTestId('open-task-count')).toBeVisible();
  await doctorPage
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Medications/ })
    .click();
  await expect(doctorPage.getByRole('heading', { level: 1, name: prescribing.title })).toBeVisible();
  const request = doctorPage.getByTestId('pending-refill').filter({ hasText: medication }).filter({ hasText: PATIENT.name });
  await expect(request).toHaveCount(1);
  await expectNoSeriousA11yViolations(doctorPage);
  await request.getByRole('button', { name: `Approve the refill of ${medication} for ${PATIENT.name}` }).click();
  const decide = doctorPage.getByTestId('decide-refill-dialog');
  await decide.getByTestId('decide-refill-submit').click();
  await expect(decide).toBeHidden();
  await expect(request).toHaveCount(0);

  // The patient's view changes by itself.
  await expect(card.getByTestId('refill-status')).toHaveAttribute('data-status', 'approved');
  await expect(card.getByTestId('refill-status')).toHaveText(/^Refill approved on /);

  // A prescription of a drug she is allergic to: the warning, the refusal without a reason, then the reason.
  await doctorPage.getByTestId('new-prescription').click();
  const form = doctorPage.getByTestId('prescription-dialog');
  const patientSelect = form.getByLabel(prescribing.form.patient, { exact: true });
  const option = patientSelect.locator('option', { hasText: PATIENT.name });
  await expect(option).toHaveCount(1);
  await patientSelect.selectOption((await option.getAttribute('value'))!);
  await form.getByLabel(prescribing.form.drug, { exact: true }).selectOption(drugCode!);
  await expect(form.getByTestId('warning-allergy')).toBeVisible();
  await form.getByLabel(prescribing.form.dose, { exact: true }).fill('1 tablet');
  await expectNoSeriousA11yViolations(doctorPage);
  await form.getByTestId('prescription-submit').click();
  await expect(form.getByText(prescribing.form.overrideRequired)).toBeVisible();
  await form.getByLabel(prescribing.form.overrideReason).fill('Desensitised under supervision; benefit outweighs the risk.');
  await form.getByTestId('prescription-submit').click();
  await expect(form).toBeHidden();
  const written = doctorPage.getByTestId('prescription').filter({ hasText: PATIENT.name }).first();
  await expect(written).toContainText('Desensitised under supervision');

  // The new medicine reaches the patient's open list.
  const name = (await written.getByRole('heading').textContent())!;
  await expect(current.getByRole('heading', { name, exact: true })).toBeVisible();

  await doctorContext.close();
});
