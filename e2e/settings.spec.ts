import { generate } from 'otplib';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { registerPatient, signIn } from './identity-helpers';

// The settings journeys: a patient keeps their profile up to date, chooses theme and language once for
// every browser, and turns two-step sign-in on and off.
//
// The profile story uses the demo patient. The preference and two-step stories change how an account
// looks and signs in, so they use a patient registered for this file: other journeys sign in as the
// demo patient at the same time and must find it in English, light, and without a second factor.

const DEMO_PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };

test('a patient updates phone and emergency contact, and the change is kept', async ({ page }) => {
  await signIn(page, DEMO_PATIENT.email, DEMO_PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(/.+/);
  await expectNoSeriousA11yViolations(page);

  const phone = `+1 555 01${String(Date.now()).slice(-2)}`;
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Contact name').fill('Jordan Rivera');
  await page.getByLabel('Contact phone').fill('+1 555 0187');
  await page.getByLabel('Relationship').fill('Sibling');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(phone);
  await expect(page.getByLabel('Contact name')).toHaveValue('Jordan Rivera');
  await expect(page.getByLabel('Contact phone')).toHaveValue('+1 555 0187');
  await expect(page.getByLabel('Relationship')).toHaveValue('Sibling');

  // A rule broken in the browser is said beside the field and nothing is sent.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

// One account for both stories, in this order: the second leaves it dark and in Spanish.
test.describe.serial('a registered patient', () => {
  let account: { email: string; password: string };

  test.beforeAll(async ({ browser }) => {
    account = await registerPatient(browser, 'prefs');
  });

  test('turns on two-step sign-in, signs in with a code, then turns it off', async ({ page, allowConsoleErrors }) => {
    // The 400 is the wrong password this story types on purpose when turning it off.
    allowConsoleErrors(/400 \(Bad Request\)/);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile-settings#security');

    await expect(page.getByText('Two-step sign-in is off')).toBeVisible();
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByRole('img', { name: 'QR code for adding your account to an authenticator app' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Like someone typing the key into their app by hand.
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const enabledAt = Date.now() / 1000;
    await page.getByLabel('6-digit code from the app').fill(await generate({ secret, epoch: enabledAt }));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
    const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as text' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('caredeck-recovery-codes.txt');
    const file = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(file).toString('utf8');
    for (const code of codes) expect(text).toContain(`\n${code}\n`);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Two-step sign-in is on')).toBeVisible();
    await expect(page.getByText('10 recovery codes left')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);

    // The next sign-in asks for a code; the one used to turn it on cannot be used again, so the next one is typed.
    await signIn(page, account.email, account.password);
    await page.getByLabel('Verification code').fill(await generate({ secret, epoch: enabledAt + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile-settings#security');
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    await password.fill('not-my-password');
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(page.getByText('Two-step sign-in is off')).toBeVisible();
  });

  test('chooses the dark theme and Spanish, and finds both again in a fresh browser', async ({ page, browser }) => {
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile-settings#preferences');
    await expect(page.getByRole('heading', { level: 2, name: 'Preferences' })).toBeVisible();

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByText('Settings updated')).toBeVisible();

    await page.locator('#preferences').getByLabel('Language', { exact: true }).selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText('Idioma cambiado')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración del perfil' })).toBeVisible();
    await expectNoSeriousA11yViolations(page); // dark theme

    // Another browser knows nothing local: what it shows comes from the account.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    const errors: string[] = [];
    other.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(other, account.email, account.password);
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.locator('html')).toHaveClass(/\bdark\b/);
    await expect(other.locator('html')).toHaveAttribute('lang', 'es');
    await other.goto('/profile-settings');
    await expect(other.getByRole('radio', { name: 'Oscuro' })).toBeChecked();
    await expect(other.locator('#preferences').getByLabel('Idioma', { exact: true })).toHaveValue('es');
    expect(errors).toEqual([]);
    await fresh.close();
  });
});
