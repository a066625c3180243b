import { randomBytes } from 'node:crypto';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// A doctor's note from template to the patient's visit summary. The demo doctor writes a template
// with named fields, starts a note for one of the demo patient's visits from it (the patient's
// vitals and allergies filled in by the server), types, reloads (the autosaved draft is still there),
// signs; the demo patient then reads the doctor's instructions under that visit.
//
// The note is for the patient's oldest visit with the doctor, so the newest visit, which another
// journey expects to have no summary yet, stays without one.

const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', name: 'Sarah Johnson' };

test('a doctor starts a visit note from a template, the draft survives a reload, and signing releases the summary to the patient', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const marker = randomBytes(4).toString('hex');
  const templateName = `Follow-up ${marker}`;
  const instructions = `Walk thirty minutes a day (${marker}).`;

  await signIn(page, DOCTOR.email, DOCTOR.password);
  await expect(page).toHaveURL(/\/doctor-portal$/);

  // A template with the named fields.
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await page.getByTestId('new-template').click();
  const dialog = page.getByTestId('template-dialog');
  await dialog.getByLabel('Name').fill(templateName);
  await dialog.getByLabel('Objective').fill('Vitals:\n{{vitals}}');
  await dialog.getByLabel('Plan').fill('Allergies:\n{{allergies}}');
  await dialog.getByTestId('template-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('template-row').filter({ hasText: templateName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A note for the patient's oldest visit with this doctor, from the template.
  await page.goto('/clinical-notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Clinical notes' })).toBeVisible();
  const patientSelect = page.getByLabel('Patient', { exact: true });
  await expect(patientSelect.locator('option', { hasText: PATIENT.name })).toHaveCount(1);
  const patientId = await patientSelect.locator('option', { hasText: PATIENT.name }).getAttribute('value');
  await patientSelect.selectOption(patientId!);
  const visitSelect = page.getByLabel('Visit (optional)');
  await expect.poll(() => visitSelect.locator('option').count()).toBeGreaterThan(1);
  const visitId = await visitSelect.locator('option').last().getAttribute('value');
  await visitSelect.selectOption(visitId!);
  const templateSelect = page.getByLabel('Template (optional)');
  await templateSelect.selectOption((await templateSelect.locator('option', { hasText: templateName }).getAttribute('value'))!);
  await page.getByTestId('new-note-submit').click();
  await expect(page).toHaveURL(/\/clinical-notes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Note on ${PATIENT.name}` })).toBeVisible();

  // The server filled the fields from the patient's record.
  const objective = page.getByLabel('Objective');
  await expect(objective).toHaveValue(/Vitals:\n- .+: .+\(\d{4}-\d{2}-\d{2}\)/);
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
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.ok() && (response.request().postData() ?? '').includes(marker),
  );
  await page.getByLabel('Subjective').fill(`Feels better since the last visit (${marker}).`);
  await page.getByLabel('Instructions for the patient').fill(instructions);
  await saved;
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByLabel('Instructions for the patient')).toHaveValue(instructions);
  await expect(page.getByLabel('Subjective')).toHaveValue(`Feels better since the last visit (${marker}).`);

  // Signing locks the note.
  await page.getByTestId('sign-note').click();
  await page.getByTestId('sign-dialog').getByRole('button', { name: 'Sign now' }).click();
  await expect(page.getByTestId('note-status')).toHaveText('Signed');
  await expect(page.getByTestId('signed-by')).toContainText('Signed by Dr.');
  await expect(page.getByTestId('signed-instructions')).toContainText(instructions);
  await expect(page.getByLabel('Subjective')).toHaveCount(0);

  // The doctor's visit notes list it, signed.
  await page.goto('/visit-notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Visit notes' })).toBeVisible();
  const row = page.getByTestId('note-row').filter({ hasText: PATIENT.name }).filter({ hasText: 'Signed' });
  await expect(row.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The patient reads the instructions under that visit.
  const context = await browser.newContext();
  const patientPage = await context.newPage();
  await signIn(patientPage, PATIENT.email, PATIENT.password);
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  await patientPage.goto('/visit-notes');
  const summary = patientPage.getByTestId('visit').filter({ hasText: instructions }).getByTestId('visit-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Your doctor’s instructions');
  await expectNoSeriousA11yViolations(patientPage);
  await context.close();
});
