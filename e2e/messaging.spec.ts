import { expect, test } from './fixtures';
import { patientOfTheDemoDoctor } from './care-team-helpers';

// Secure messaging in two browsers. A patient registered for this journey (so no other journey's
// counts move) books a visit with the demo doctor, which puts the doctor in her care team; she
// writes to him, he sees it arrive live in his open messages view, answers, and her unread count
// drops to zero once she has read the answer.

test('a patient messages her doctor, who sees it live and answers; her unread count goes to zero after reading', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  // A visit with the doctor makes him part of her care team.
  const { doctorContext, doctorPage } = await patientOfTheDemoDoctor(browser, page, {
    label: 'messaging',
    reason: 'Check-up',
    slotFromEnd: 1,
  });

  await doctorPage.goto('/messages');
  await expect(doctorPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  // The patient writes.
  const subject = `Dizzy spells ${Date.now()}`;
  await page.goto('/patient/messages');
  await expect(page).toHaveURL(/\/messages/);
  await page.getByTestId('new-conversation').click();
  const dialog = page.getByTestId('new-conversation-dialog');
  await dialog.getByLabel('To').selectOption({ label: 'Dr. Michael Chen (doctor)' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('I have been dizzy in the mornings. <b>Is this</b> my new tablets?');
  await dialog.getByTestId('start-conversation').click();
  await expect(page.getByTestId('thread')).toContainText('I have been dizzy in the mornings. <b>Is this</b> my new tablets?');

  // The doctor sees it arrive without reloading, and answers.
  const arrived = doctorPage.getByTestId('conversation').filter({ hasText: subject });
  await expect(arrived).toHaveAttribute('data-unread', '1');
  await arrived.click();
  await expect(doctorPage.getByTestId('thread')).toContainText('my new tablets?');
  await expect(doctorPage.getByTestId('thread').locator('b')).toHaveCount(0);
  await doctorPage
    .getByTestId('composer')
    .getByLabel('Message')
    .fill('Please sit down when it happens and see https://example.org/dizziness for advice.');
  await doctorPage.getByTestId('send-message').click();
  await expect(doctorPage.getByTestId('thread')).toContainText('Please sit down');

  // Her open thread shows the answer live and marks it read: no unread count remains anywhere.
  const thread = page.getByTestId('thread');
  await expect(thread).toContainText('Please sit down when it happens');
  await expect(thread.getByRole('link', { name: 'https://example.org/dizziness' })).toHaveAttribute('rel', /noopener/);
  await expect(page.getByTestId('conversation').filter({ hasText: subject })).toHaveAttribute('data-unread', '0');
  await expect(page.getByTestId('unread-message-count')).toHaveCount(0);
  await expect(page.getByTestId('messages-button-count')).toHaveCount(0);
  // The doctor's open thread shows she has read his answer, live, without a reload.
  await expect(doctorPage.getByTestId('message-read')).toContainText('Read');
  await doctorContext.close();
});
