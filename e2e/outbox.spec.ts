import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn, toggleTheme } from './identity-helpers';

// Without a mail server the portal's mail stays in the outbox, and in demo mode an
// admin reads it in the app, so a password reset can be completed without e-mail.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };
// Whose reset is requested: an account no other journey resets, so this one's link stays valid.
const RESET_FOR = 'staff@caredeck.demo';

async function requestPasswordReset(request: APIRequestContext, email: string): Promise<void> {
  const answer = await request.post('/api/auth/forgot-password', { headers: await csrfHeaders(request), data: { email } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('an admin reads a password-reset mail in the outbox and its link opens the reset page', async ({ page, browser }) => {
  // Someone asks for a reset, from another browser.
  const visitor = await browser.newContext();
  await requestPasswordReset(visitor.request, RESET_FOR);
  await visitor.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = page
    .getByTestId('outbox-list')
    .getByRole('button')
    .filter({ hasText: `To: ${RESET_FOR}` })
    .filter({ hasText: 'Password reset' })
    .first();
  await expect(mail).toContainText('Reset your');
  await mail.click();

  const message = page.getByTestId('outbox-message');
  await expect(message.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(message).toContainText(RESET_FOR);
  const links = message.getByTestId('outbox-message-text').getByRole('link');
  await expect(links).toHaveCount(1);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(new RegExp(`^${new URL(page.url()).origin}/reset-password#token=[A-Za-z0-9_-]{20,}$`));
  await expectNoSeriousA11yViolations(page);

  // The same screen in the dark theme (then back, as the admin had it).
  await toggleTheme(page, 'dark');
  await expect(page.getByTestId('outbox-message')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await toggleTheme(page, 'light');

  await page.getByTestId('outbox-message-text').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a patient is told the outbox is not available, and the server refuses them too', async ({ page }) => {
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'The mail outbox is not available' })).toBeVisible();
  await expect(page.getByTestId('outbox-list')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const answer = await page.request.get('/api/admin/outbox');
  expect(answer.status()).toBe(403);

  await toggleTheme(page, 'dark');
  await expect(page.getByRole('heading', { level: 1, name: 'The mail outbox is not available' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await toggleTheme(page, 'light');
});
