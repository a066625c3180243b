import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';
import { doctorOnOrders, placeOrder } from './orders-helpers';

// An imaging report in the browser. The demo doctor orders a chest X-ray for the demo patient (Sarah
// Johnson), attaches the film, enters the findings and the impression flagged abnormal, and
// releases it; Sarah, with her lab results open, sees the report appear without reloading, with
// the film to download, and not a moment before it is released.

const orders = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src/web/locales/en/orders.json'), 'utf8'));
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', name: 'Sarah Johnson' };
const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };

test('a doctor reports an X-ray with its film and releases it; the patient sees the report live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const reason = `Cough for three weeks ${randomUUID().slice(0, 8)}`;
  const impression = `Right lower lobe pneumonia ${randomUUID().slice(0, 8)}`;

  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/lab-results');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');

  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await doctorOnOrders(doctorPage, DOCTOR);
  const { orderId, card } = await placeOrder(doctorPage, PATIENT.name, reason, async (form) => {
    await form.getByLabel(orders.form.kind, { exact: true }).selectOption('imaging');
    await form.getByLabel(orders.form.imaging, { exact: true }).selectOption('chest-xray');
  });
  // No sample to collect for an X-ray.
  await expect(card.getByRole('button', { name: orders.actions.collect })).toHaveCount(0);

  await card.getByRole('button', { name: `Attach a document to Chest X-ray, 2 views for ${PATIENT.name}` }).click();
  const attach = doctorPage.getByTestId('attach-dialog');
  await attach.getByLabel(orders.attach.file).setInputFiles({ name: 'film.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await attach.getByTestId('attach-submit').click();
  await expect(attach).toBeHidden();
  await expect(card.getByTestId('order-attachment')).toContainText('film.png');

  await card.getByRole('button', { name: `Enter results of Chest X-ray, 2 views for ${PATIENT.name}` }).click();
  const results = doctorPage.getByTestId('results-dialog');
  await results.getByLabel(orders.results.findings, { exact: true }).fill('Patchy opacity in the right lower lobe.');
  await results.getByLabel(orders.results.impression, { exact: true }).fill(impression);
  await results.getByLabel(orders.results.reportFlag, { exact: true }).selectOption('abnormal');
  await expectNoSeriousA11yViolations(doctorPage, { exclude: ['[data-sonner-toaster]'] });
  await results.getByTestId('results-submit').click();
  await expect(results).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'resulted');
  await expect(card.getByTestId('report-flag')).toHaveText(orders.reportFlags.abnormal);
  // Not the patient's to see yet.
  await expect(page.locator(`[data-report-id="${orderId}"]`)).toHaveCount(0);

  await card.getByRole('button', { name: `Review and release Chest X-ray, 2 views for ${PATIENT.name}` }).click();
  const release = doctorPage.getByTestId('release-dialog');
  await release.getByTestId('release-submit').click();
  await expect(release).toBeHidden();

  const report = page.locator(`[data-report-id="${orderId}"]`);
  await expect(report).toBeVisible();
  await expect(report).toContainText(impression);
  await expect(report.getByRole('link', { name: 'film.png' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-sonner-toaster]'] });

  await doctorContext.close();
});
