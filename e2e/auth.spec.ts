import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { registerPatient } from './identity-helpers';

// Journeys through the sign-in screen (docs/product.md, Sign-in and sessions): every demo role reaches
// its portal, wrong credentials are refused with the server's message, the MFA account signs in with
// its displayed code, a first-time doctor changes the password, and a forgotten password is reset
// through the outbox link.

const locale = (ns: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${ns}.json`), 'utf8'));
const auth = locale('auth');
const shell = locale('shell');
const leave = locale('leave');

/** Anonymous pages ask GET /api/auth/session first; the browser logs its 401 ("nobody is signed in"). */
// A refused sign-in answers 401, which the browser itself logs.
const REFUSED = /401 \(Unauthorized\)/;

const ACCOUNTS = {
  patient: { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026', firstName: 'Sarah', portal: '/dashboard' },
  doctor: { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026', firstName: 'Michael', portal: '/doctor-portal' },
  staff: { email: 'staff@caredeck.demo', password: 'Front-Counter#2026', firstName: 'Emily', portal: '/staff-portal' },
  admin: { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026', firstName: 'David', portal: '/admin-dashboard' },
} as const;

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel(auth.login.email, { exact: true }).fill(email);
  await page.getByLabel(auth.login.password, { exact: true }).fill(password);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
}

/** Closes the toasts on screen, so an accessibility scan looks at the page itself. */
async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  for (const button of await toasts.locator('[data-close-button]').all()) await button.click().catch(() => {});
  await expect(toasts).toHaveCount(0);
}

for (const [role, account] of Object.entries(ACCOUNTS)) {
  test(`the demo ${role} signs in through the form and lands on the ${role} portal`, async ({ page }) => {
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`${account.portal}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${account.firstName}`);
    await expect(page.getByText(`Welcome back, ${account.firstName}!`)).toBeVisible();
    // The user menu names the user and the role, or for staff the position.
    await expect(page.getByTestId('user-menu-role')).toHaveText(role === 'staff' ? shell.positions.reception : shell.roles[role]);
    // Another role's portal sends you to your own.
    const other = role === 'patient' ? '/admin-dashboard' : '/dashboard';
    await page.goto(other);
    await expect(page).toHaveURL(new RegExp(`${account.portal}$`));
  });
}

test('wrong credentials are refused with the server message, and the form validates first', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(REFUSED);
  await page.goto('/login');
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await fillCredentials(page, 'nobody-here@caredeck.demo', 'not-the-password');
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('the MFA account signs in with the code the demo list shows', async ({ page }) => {
  await page.goto('/login');
  const list = page.getByTestId('demo-accounts');
  await expect(list).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  const mfaAccount = list.getByTestId('demo-account-mfa@caredeck.demo');
  await expect(mfaAccount.getByTestId('demo-mfa-code')).toHaveText(/^\d{6}$/);
  await mfaAccount.click();
  await expect(page.getByLabel(auth.login.email, { exact: true })).toHaveValue('mfa@caredeck.demo');
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();

  const step = page.getByTestId('mfa-step');
  await expect(step.getByRole('heading', { name: auth.mfa.title })).toBeVisible();
  await expect(step.getByLabel(auth.mfa.code)).toHaveValue(/^\d{6}$/);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  // Back to Login and forward again keeps the flow honest; then the code (refreshed for this step).
  await step.getByRole('button', { name: auth.mfa.backToLogin }).click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  const code = page.getByTestId('mfa-step').getByLabel(auth.mfa.code);
  await code.fill('');
  await expect(page.getByRole('button', { name: auth.mfa.verify })).toBeDisabled();
  const demo = (await (await page.request.get('/api/demo/accounts')).json()) as { data: { email: string; mfaCode?: string }[] };
  await code.fill(demo.data.find((a) => a.email === 'mfa@caredeck.demo')!.mfaCode!);
  await page.getByRole('button', { name: auth.mfa.verify }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Aisha');
  await expect(page.getByTestId('portal-mfa-status')).toHaveText(shell.portal.security.mfaOn);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('a first-time doctor must change the password, then uses the portal and signs in with the new one', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED); // the old password, tried at the end
  const account = { email: 'new.doctor@caredeck.demo', password: 'First-Shift#2026' };
  const newPassword = 'Morning-Orchard#2026';
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/doctor-portal$/);

  const dialog = page.getByRole('dialog', { name: auth.changePassword.title });
  await expect(dialog).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  // It cannot be dismissed: the portal waits behind it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  const submit = dialog.getByRole('button', { name: auth.changePassword.submit });
  await dialog.getByLabel(auth.changePassword.currentPassword, { exact: true }).fill(account.password);
  await dialog.getByLabel(auth.changePassword.newPassword, { exact: true }).fill('weakpass');
  await expect(dialog.getByTestId('password-strength-label')).toHaveText('Weak');
  await expect(dialog.getByText('Please create a stronger password')).toBeVisible();
  await dialog.getByLabel(auth.changePassword.confirmPassword, { exact: true }).fill('weakpass');
  await expect(submit).toBeDisabled();

  // Strong by the five rules, and still refused: it holds the doctor's own name.
  await dialog.getByLabel(auth.changePassword.newPassword, { exact: true }).fill('Lena-Fischer#2026');
  await dialog.getByLabel(auth.changePassword.confirmPassword, { exact: true }).fill('Lena-Fischer#2026');
  await expect(dialog.getByText('The password must not contain your name or email address.')).toBeVisible();
  await expect(submit).toBeDisabled();

  await dialog.getByLabel(auth.changePassword.newPassword, { exact: true }).fill(newPassword);
  await expect(dialog.getByTestId('password-strength-label')).toHaveText('Strong');
  await expect(dialog.getByText('New passwords do not match')).toBeVisible();
  await dialog.getByLabel(auth.changePassword.confirmPassword, { exact: true }).fill(newPassword);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Lena');
  // The portal is usable: its navigation works, and a reload does not bring the dialog back.
  await page.getByTestId('sidebar').getByRole('link', { name: shell.views.appointments }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(leave.title);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Sign out; the old password no longer works, the new one does, and no dialog appears.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: shell.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, account.email, account.password);
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
  await fillCredentials(page, account.email, newPassword);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Lena');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('forgot password → reset through the outbox link → sign in with the new password', async ({ page, browser }) => {
  // A patient of its own: a reset ends every session of the account, and other journeys are signed
  // in as the demo patient meanwhile.
  const patient = await registerPatient(browser, 'reset');
  const newPassword = 'Quiet-Otter#2026';

  // 1. The patient asks for a reset link from the login screen.
  await page.goto('/login');
  await page.getByRole('button', { name: auth.login.forgotPassword }).click();
  const dialog = page.getByRole('dialog', { name: auth.forgot.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(auth.forgot.email)).toBeFocused();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: auth.forgot.submit }).click();
  await expect(dialog.getByText(auth.forgot.emailRequired)).toBeVisible();
  await dialog.getByLabel(auth.forgot.email).fill(patient.email);
  await dialog.getByRole('button', { name: auth.forgot.submit }).click();
  const sent = page.getByRole('dialog', { name: auth.forgot.sentTitle });
  await expect(sent.getByTestId('reset-link-sent')).toHaveText(auth.server.resetLinkSent);
  await sent.getByRole('button', { name: auth.forgot.close }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus returns to what opened the dialog.
  await expect(page.getByRole('button', { name: auth.login.forgotPassword })).toBeFocused();

  // 2. An admin, in another browser, reads the mail in the outbox (demo mode has no mail server).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  admin.on('console', () => {});
  await signIn(admin, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await expect(admin).toHaveURL(/\/admin-dashboard$/);
  await admin.getByTestId('sidebar').getByRole('link', { name: shell.nav.outbox }).click();
  await expect(admin).toHaveURL(/\/outbox$/);
  await admin
    .getByTestId('outbox-list')
    .getByRole('button')
    .filter({ hasText: patient.email })
    .filter({ hasText: 'Reset your' })
    .first()
    .click();
  const href = await admin.getByTestId('outbox-message-text').getByRole('link').first().getAttribute('href');
  await adminContext.close();
  expect(href).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{20,}$/);

  // 3. The patient opens the link: the token leaves the address bar at once.
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: auth.reset.title })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  expect(new URL(page.url()).hash).toBe('');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(auth.reset.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(auth.reset.confirmPassword, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: auth.reset.submit }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText(auth.server.passwordReset);

  // 4. The new password works.
  await fillCredentials(page, patient.email, newPassword);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${patient.firstName}`);

  // A used link cannot be used again.
  const again = await browser.newContext();
  const reuse = await again.newPage();
  await reuse.goto(href!);
  await reuse.getByLabel(auth.reset.newPassword, { exact: true }).fill('Another-Pass#2026');
  await reuse.getByLabel(auth.reset.confirmPassword, { exact: true }).fill('Another-Pass#2026');
  await reuse.getByRole('button', { name: auth.reset.submit }).click();
  await expect(reuse.getByTestId('reset-invalid')).toHaveText(auth.server.tokenInvalid);
  await expect(reuse.getByRole('link', { name: auth.reset.requestNew })).toHaveAttribute('href', '/login?forgot=1');
  await again.close();
});

test('a reset page without a valid link says so and offers a new link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.reset.invalidTitle);
  await expect(page.getByTestId('reset-invalid')).toHaveText(auth.reset.missingToken);
  await page.getByRole('link', { name: auth.reset.requestNew }).click();
  await expect(page.getByRole('dialog', { name: auth.forgot.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Register as Patient opens the registration wizard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: auth.login.register }).click();
  await expect(page).toHaveURL(/\/register$/);
});
