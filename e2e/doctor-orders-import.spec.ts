import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';
import { doctorOnOrders, placeOrder } from './orders-helpers';

// Lab results imported from the lab's file. The demo doctor orders a lipid panel for the demo patient
// (Sarah Johnson) and imports an HL7 ORU^R01 message for it: the preview lists the four tests with
// their values and flags (LDL high) and the line that is not part of the panel, and nothing is saved
// until the doctor imports. Then he releases the results; Sarah, in a browser of her own with her lab
// results open, sees the panel appear without reloading.
//
// The order is found by a clinical question of its own, so other journeys of this doctor and patient
// collide with nothing here.

const root = path.join(import.meta.dirname, '..');
const orders = JSON.parse(fs.readFileSync(path.join(root, 'src/web/locales/en/orders.json'), 'utf8'));
const SAMPLE = fs.readFileSync(path.join(root, 'src/server/test-support/fixtures/oru-r01-lipid.hl7'), 'utf8');

const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', name: 'Sarah Johnson' };
const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' };

test('a doctor imports lab results from an HL7 file after a preview and releases them; the patient sees them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const reason = `Lipids from the lab's file ${randomUUID().slice(0, 8)}`;

  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard/);
  // The lab's message names its patient by her record number (PID-3): Sarah's.
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { medicalRecordNumber: string } };
  expect(session.user.medicalRecordNumber).toMatch(/^MRN\d+$/);
  const message = Buffer.from(SAMPLE.replace(/^(PID\|[^|\r\n]*\|[^|\r\n]*\|)[^^|\r\n]*/m, `$1${session.user.medicalRecordNumber}`));
  await page.goto('/lab-results');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');

  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await doctorOnOrders(doctorPage, DOCTOR);
  const { orderId, card } = await placeOrder(doctorPage, PATIENT.name, reason, (form) =>
    form
      .getByLabel(orders.form.lab, { exact: true })
      .selectOption('lipid')
      .then(() => undefined),
  );
  await card.getByRole('button', { name: `Import results of Lipid panel for ${PATIENT.name} from a file` }).click();
  const dialog = doctorPage.getByTestId('import-dialog');
  await dialog.getByLabel(orders.import.file).setInputFiles({ name: 'lipid.hl7', mimeType: 'text/plain', buffer: message });

  // The preview: the four tests, LDL flagged high, the ratio left out; nothing saved yet.
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toHaveAttribute('data-ready', 'true');
  await expect(preview.getByTestId('import-component')).toHaveCount(4);
  await expect(preview.locator('[data-testid="import-component"][data-flag="high"]')).toHaveCount(1);
  await expect(preview.getByTestId('import-unmatched')).toContainText('9830-1');
  await expect(preview).toContainText('JOHNSON, SARAH');
  await expect(card).toHaveAttribute('data-status', 'ordered');
  await expectNoSeriousA11yViolations(doctorPage, { exclude: ['[data-sonner-toaster]'] });

  await dialog.getByTestId('import-submit').click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveAttribute('data-status', 'resulted');
  await expect(card.locator('[data-testid="order-component"][data-flag="high"]')).toHaveCount(1);
  await expect(page.locator(`[data-panel-id="${orderId}"]`)).toHaveCount(0);

  await card.getByRole('button', { name: `Review and release Lipid panel for ${PATIENT.name}` }).click();
  const release = doctorPage.getByTestId('release-dialog');
  await release.getByTestId('release-submit').click();
  await expect(release).toBeHidden();

  const panel = page.locator(`[data-panel-id="${orderId}"]`);
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-testid="lab-component"][data-flag="high"]')).toHaveCount(1);

  await doctorContext.close();
});
