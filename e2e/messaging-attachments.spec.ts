import { readFile } from 'node:fs/promises';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { patientOfTheDemoDoctor } from './care-team-helpers';

// Files on a secure message, in two browsers. A patient registered for this journey books a visit
// with the demo doctor (so he is in her care team) and writes to him; he answers with a PDF chosen
// in the composer, she sees the file arrive live in her open conversation and downloads it under its
// name, byte for byte what he sent. A file the portal does not take is refused before sending.

const LETTER = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

test('a doctor answers with a PDF; the patient sees it live and downloads it', async ({ browser, page }) => {
  test.setTimeout(240_000);
  // A visit with the doctor makes him part of her care team.
  const { doctorContext, doctorPage } = await patientOfTheDemoDoctor(browser, page, {
    label: 'attachments',
    reason: 'Letter',
    slotFromEnd: 2,
  });

  // She writes and keeps the conversation open.
  const subject = `My discharge letter ${Date.now()}`;
  await page.goto('/patient/messages');
  await page.getByTestId('new-conversation').click();
  const dialog = page.getByTestId('new-conversation-dialog');
  await dialog.getByLabel('To').selectOption({ label: 'Dr. Michael Chen (doctor)' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Could you send me my discharge letter?');
  await dialog.getByTestId('start-conversation').click();
  const thread = page.getByTestId('thread');
  await expect(thread).toContainText('Could you send me my discharge letter?');

  // He opens it and chooses files: one the portal does not take is refused at once, the PDF is listed.
  await doctorPage.goto('/messages');
  await doctorPage.getByTestId('conversation').filter({ hasText: subject }).click();
  await expect(doctorPage.getByTestId('thread')).toContainText('discharge letter?');
  const composer = doctorPage.getByTestId('composer');
  await composer.getByLabel('Message').fill('Here is your letter.');
  await composer.getByLabel('Attach files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(composer.getByTestId('file-errors')).toContainText('notes.txt: Only PDF, PNG, JPEG and WebP files can be uploaded.');
  await composer.getByLabel('Attach files').setInputFiles({ name: 'Discharge letter.pdf', mimeType: 'application/pdf', buffer: LETTER });
  const chosen = composer.getByRole('list', { name: 'Files to send' });
  await expect(chosen).toContainText('Discharge letter.pdf');
  await expect(composer.getByRole('button', { name: 'Remove Discharge letter.pdf' })).toBeVisible();
  await expect(composer.getByLabel('Message')).toHaveValue('Here is your letter.');
  await expectNoSeriousA11yViolations(doctorPage);
  await doctorPage.getByTestId('send-message').click();
  await expect(chosen).toHaveCount(0);
  await expect(doctorPage.getByTestId('thread').getByRole('link', { name: /^Download Discharge letter\.pdf/ })).toBeVisible();

  // Her open conversation shows the file without a reload; she downloads it under its name.
  const link = thread.getByRole('link', { name: /^Download Discharge letter\.pdf/ });
  await expect(link).toBeVisible();
  await expect(thread).toContainText('Here is your letter.');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Discharge letter.pdf');
  expect((await readFile((await download.path())!)).equals(LETTER)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await doctorContext.close();
});

test('a patient starts a conversation with her doctor with a PDF; he sees it live and downloads it', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const { doctorContext, doctorPage } = await patientOfTheDemoDoctor(browser, page, {
    label: 'first-file',
    reason: 'Referral',
    slotFromEnd: 3,
  });
  // He has his messages open before she writes.
  await doctorPage.goto('/messages');
  await expect(doctorPage.getByRole('heading', { level: 1 })).toBeVisible();

  const subject = `My referral ${Date.now()}`;
  await page.goto('/patient/messages');
  await page.getByTestId('new-conversation').click();
  const dialog = page.getByTestId('new-conversation-dialog');
  await dialog.getByLabel('To').selectOption({ label: 'Dr. Michael Chen (doctor)' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Here is the referral from my GP.');
  // A file the portal does not take is refused at once, and nothing typed is lost.
  await dialog.getByLabel('Attach files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(dialog.getByTestId('file-errors')).toContainText('notes.txt: Only PDF, PNG, JPEG and WebP files can be uploaded.');
  await expect(dialog.getByLabel('Subject')).toHaveValue(subject);
  await expect(dialog.getByLabel('Message')).toHaveValue('Here is the referral from my GP.');
  await dialog.getByLabel('Attach files').setInputFiles({ name: 'Referral.pdf', mimeType: 'application/pdf', buffer: LETTER });
  await expect(dialog.getByRole('list', { name: 'Files to send' })).toContainText('Referral.pdf');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByTestId('start-conversation').click();
  const thread = page.getByTestId('thread');
  await expect(thread).toContainText('Here is the referral from my GP.');
  await expect(thread.getByRole('link', { name: /^Download Referral\.pdf/ })).toBeVisible();

  // His open list shows the new conversation without a reload; he opens it and downloads the file.
  const conversation = doctorPage.getByTestId('conversation').filter({ hasText: subject });
  await expect(conversation).toBeVisible();
  await conversation.click();
  const link = doctorPage.getByTestId('thread').getByRole('link', { name: /^Download Referral\.pdf/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([doctorPage.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Referral.pdf');
  expect((await readFile((await download.path())!)).equals(LETTER)).toBe(true);
  await doctorContext.close();
});
