import { readFile } from 'node:fs/promises';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, registerPatient, signIn, toggleTheme } from './identity-helpers';

// Records and documents: a patient adds a PDF to their record, finds it under its
// category, downloads the very same bytes, and deletes it; a file whose content is not what its name
// says is refused. The patient is registered for this file: no other journey sees their record.

/** A small, genuine one-page PDF, made here so the test owns its bytes. */
function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MISMATCH = 'The file’s content does not match its name or type. Please upload the original file.';

test.describe('records and documents', () => {
  let account: { email: string; password: string };

  test.beforeAll(async ({ browser }) => {
    account = await registerPatient(browser, 'documents');
  });

  test('a patient uploads a PDF, finds it under its category, downloads it and deletes it', async ({ page }) => {
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/patient/documents');
    await expect(page).toHaveURL(/\/records$/);
    await expect(page.getByRole('heading', { name: 'Records and documents', level: 1 })).toBeVisible();
    await expect(page.getByText('There are no documents in your record yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Upload: multipart, with the CSRF token, and a progress bar that runs to the end.
    const content = pdfBytes('Blood test results');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Lab reports' });
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'blood-test.pdf', mimeType: 'application/pdf', buffer: content });
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/patients\/[^/]+\/documents$/.test(r.url()));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const answer = await sent;
    const request = answer.request();
    expect(answer.status()).toBe(201);
    const uploadedId = ((await answer.json()) as { data: { id: string } }).data.id;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers()['x-csrf-token']).toBeTruthy();
    await expect(page.getByTestId('upload-done')).toHaveText('“blood-test.pdf” was added to your records.');
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');

    // Listed under its category, with its count.
    const labReports = page.getByTestId('category-lab-report');
    await expect(labReports).toHaveAttribute('aria-pressed', 'true');
    await expect(labReports).toContainText('1');
    const item = page.getByTestId('document-item').filter({ hasText: 'blood-test.pdf' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Lab reports · PDF document');
    await expect(item).toContainText('Added by you');
    await page.getByTestId('category-imaging').click();
    await expect(page.getByText('There are no documents in this category.')).toBeVisible();
    await page.getByTestId('category-all').click();
    await expect(item).toBeVisible();

    // A real download: the browser saves the file, byte for byte what was uploaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download blood-test.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('blood-test.pdf');
    expect((await readFile((await download.path())!)).equals(content)).toBe(true);

    await page.setViewportSize({ width: 360, height: 800 });
    // Polled: the narrow layout settles over a frame or two after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Delete blood-test.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByTestId('document-notice')).toHaveText('“blood-test.pdf” was deleted.');
    await expect(page.getByText('There are no documents in your record yet.')).toBeVisible();
    expect((await page.request.get(`/api/documents/${uploadedId}/content`)).status()).toBe(404);
  });

  test('a file whose content does not match its name is refused, in the browser and by the server', async ({ page }) => {
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await toggleTheme(page, 'dark');
    await page.goto('/records');
    await expect(page.getByRole('heading', { name: 'Records and documents', level: 1 })).toBeVisible();

    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Imaging' });
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: PNG });
    await expect(page.getByTestId('file-error')).toHaveText(MISMATCH);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('upload-done')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The server says the same to a client that skips the browser's check, and stores nothing.
    const session = await page.request.get('/api/auth/session');
    const patientId = ((await session.json()) as { user: { id: string } }).user.id;
    const refused = await page.request.post(`/api/patients/${patientId}/documents`, {
      headers: await csrfHeaders(page.request),
      multipart: {
        category: 'other',
        file: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('These are notes, not a PDF.') },
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MISMATCH);
    const listed = await page.request.get(`/api/patients/${patientId}/documents`);
    expect(((await listed.json()) as { total: number }).total).toBe(0);
    await toggleTheme(page, 'light');
  });
});
