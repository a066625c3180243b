import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// An admin invites a staff member, who sets a password from the emailed link and
// signs in; the admin deactivates them and their open session ends on its next request.

const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

test('an admin invites a staff member, who sets a password and signs in, then is deactivated', async ({ page, browser }) => {
  const email = `e2e.nurse.${Date.now()}@caredeck.test`;
  const password = 'Nightingale-Ward#2026';

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Users and permissions' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users and permissions' })).toBeVisible();
  await expect(page.getByTestId('users-table')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The invitation.
  await page.getByRole('button', { name: 'New account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await dialog.getByLabel('First name').fill('Nora');
  await dialog.getByLabel('Last name').fill('Quill');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Position').selectOption('nurse');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Listed as invited until the password is chosen.
  await page.getByLabel('Search by name or email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('users-table').getByRole('row', { name: /Nora Quill/ })).toContainText('Invitation pending');

  // The mail, in the demo outbox, and its link.
  await page.getByRole('link', { name: 'Outbox' }).click();
  const mail = page
    .getByTestId('outbox-list')
    .getByRole('button')
    .filter({ hasText: `To: ${email}` })
    .first();
  await expect(mail).toContainText('Invitation');
  await mail.click();
  const href = await page.getByTestId('outbox-message-text').getByRole('link').first().getAttribute('href');
  expect(href).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{20,}$/);

  // The new colleague, in their own browser, chooses a password and signs in.
  const nurseContext = await browser.newContext();
  const nurse = await nurseContext.newPage();
  await nurse.goto(href!);
  await nurse.getByLabel('New password', { exact: true }).fill(password);
  await nurse.getByLabel('Confirm new password').fill(password);
  await nurse.getByRole('button', { name: 'Reset Password' }).click();
  await expect(nurse.getByTestId('login-notice')).toHaveText('Your password has been reset. You can now sign in.');
  await signIn(nurse, email, password);
  await expect(nurse).toHaveURL(/\/staff-portal$/);

  // The admin deactivates the account; the nurse's open session ends on its next request.
  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Users and permissions' }).click();
  await page.getByLabel('Search by name or email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Deactivate Nora Quill' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Nora Quill?' });
  await confirm.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(page.getByText('Nora Quill was deactivated')).toBeVisible();
  await expect(page.getByTestId('users-table').getByRole('row', { name: /Nora Quill/ })).toContainText('Deactivated');

  await nurse.reload();
  // Refused by the server: back to the landing page or the sign-in page, never the portal.
  await expect(nurse).toHaveURL(/\/(login[^/]*)?$/);
  await signIn(nurse, email, password);
  await expect(nurse.getByTestId('login-error')).toHaveText('Invalid email or password');
  await nurseContext.close();
});

// A doctor works at one of the organisation's clinics: the admin chooses it from the clinics of the
// organisation settings, and the directory shows the doctor there.
test('an admin invites a doctor at one of the clinics, and the directory shows the doctor there', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `e2e.doctor.${stamp}@caredeck.test`;
  const lastName = `Okafor${stamp}`;

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('navigation', { name: 'Portal navigation' }).getByRole('link', { name: 'Users and permissions' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  await page.getByRole('button', { name: 'New account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await dialog.getByLabel('Account type').selectOption('doctor');
  await dialog.getByLabel('First name').fill('Ifeoma');
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Specialty').selectOption('Dermatology');
  // The organisation has clinics: the place of work is one of them, not a typed hospital.
  await expect(dialog.getByLabel('Hospital')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
  await expect(dialog.getByText('Please choose the clinic the doctor works at')).toBeVisible();
  await dialog.getByLabel('Clinic').selectOption({ label: 'Caredeck London Bridge' });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/doctors');
  await page.getByLabel('Search by name').fill(lastName);
  await expect(page).toHaveURL(new RegExp(`q=${lastName}`));
  const card = page.getByTestId('directory-list').getByTestId('directory-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Ifeoma ${lastName}`);
  await expect(card).toContainText('Caredeck London Bridge');
});
