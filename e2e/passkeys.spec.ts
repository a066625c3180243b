import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

// Passkeys in a real browser: the demo patient adds a passkey in the security settings, signs
// out, and signs in again with the login screen's biometric button (the welcome, then the patient
// dashboard after 1 s). Chromium's virtual authenticator (CDP WebAuthn)
// stands in for the fingerprint reader: a platform authenticator that verifies the user.

const biometric = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', 'biometric.json'), 'utf8'),
);

const DEMO_PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', firstName: 'Sarah' };
/** Anonymous pages ask GET /api/auth/session first; its 401 is how "nobody is signed in" is told. */

async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.get('/api/csrf-token');
  expect(answer.ok()).toBe(true);
  return { 'x-csrf-token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

/** Closes the toasts on screen, so an accessibility scan looks at the page itself. */
async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  for (const button of await toasts.locator('[data-close-button]').all()) await button.click().catch(() => {});
  await expect(toasts).toHaveCount(0);
}

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_PATIENT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PATIENT.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the demo patient adds a passkey in the settings, signs out, and signs in with the biometric button', async ({ page }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  // First, with the password, to the security settings.
  await signInWithPassword(page);
  await page.goto('/profile-settings');
  const section = page.getByTestId('passkeys-section');
  await expect(section).toBeVisible();
  await expect(page.getByRole('heading', { name: biometric.settings.title })).toBeVisible();

  // Add a passkey: the device's prompt is answered by the virtual authenticator.
  const deviceName = `E2E laptop ${Date.now()}`;
  await section.getByLabel(biometric.settings.deviceName).fill(deviceName);
  await section.getByRole('button', { name: biometric.settings.add }).click();
  const item = section.getByTestId('passkey-item').filter({ hasText: deviceName });
  await expect(item).toBeVisible();
  await expect(item).toContainText(biometric.settings.neverUsed);
  await expect(section.getByRole('switch', { name: biometric.settings.biometricToggle })).toHaveAttribute('aria-checked', 'true');
  const { credentials } = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: unknown[] };
  expect(credentials).toHaveLength(1);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  // Sign out on the server (POST /api/auth/logout); the page's cookie goes with it.
  const logout = await page.request.post('/api/auth/logout', { headers: await csrfHeaders(page.request) });
  expect(logout.ok(), await logout.text()).toBe(true);

  // The login screen: the biometric button is ready on this device.
  await page.goto('/login');
  const button = page.getByRole('button', { name: biometric.button.label, exact: true });
  await expect(button).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await button.click();

  // The welcome first, then the patient's portal after the 1 s redirect delay.
  await expect(page.getByText(`Welcome back, ${DEMO_PATIENT.firstName}!`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The server recorded the use on the passkey just used.
  const mine = await page.request.get('/api/biometric/credentials');
  expect(mine.ok()).toBe(true);
  const list = ((await mine.json()) as { credentials: Array<{ deviceName: string | null; lastUsedAt: string | null }> }).credentials;
  expect(list.find((c) => c.deviceName === deviceName)?.lastUsedAt).not.toBeNull();

  // Clean up: the demo patient is shared with other journeys.
  await page.goto('/profile-settings');
  await section.getByRole('button', { name: `Remove ${deviceName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: biometric.settings.removeConfirm }).click();
  await expect(section.getByTestId('passkey-item').filter({ hasText: deviceName })).toHaveCount(0);
});

test('cancelling the device prompt on the login screen shows "Authentication cancelled" and keeps the person on the login page', async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  // A device that cannot verify the user: the browser refuses the "required" user verification.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.goto('/login');
  await page.getByRole('button', { name: biometric.button.label, exact: true }).click();
  await expect(page.getByTestId('biometric-error')).toHaveText(biometric.errors.cancelled);
  await expect(page.getByRole('button', { name: biometric.button.label, exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
});
