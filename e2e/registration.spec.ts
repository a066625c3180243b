import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

// A visitor registers as a patient through the three-step wizard,
// lands back on the login screen asked to check their mail, and signs in as the new patient. A taken
// email gets exactly the same screen (only its holder's mailbox learns of the attempt), and the
// account keeps its own password. Each step passes axe in both themes.
// The route allows 10 registrations per 15 minutes per address: these journeys use three.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', lang, `${ns}.json`), 'utf8'));
const reg = locale('en', 'registration');
const auth = locale('en', 'auth');
const validation = locale('en', 'validation');

/** Anonymous pages ask GET /api/auth/session first; the browser logs its 401 ("nobody is signed in"). */
const PASSWORD = 'Harbour-Lights#42';
const newEmail = (label: string) => `e2e.${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;

// The wizard's step title (the public footer has level-2 headings of its own).
const stepHeading = (page: Page) => page.locator('#registration-step-title');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillStep1(page: Page, email: string) {
  await field(page, reg.fields.firstName).fill('Amara');
  await field(page, reg.fields.lastName).fill('Okafor');
  await field(page, reg.fields.email).fill(email);
  await field(page, reg.fields.phone).fill('+1 555 010 2233');
  await field(page, reg.fields.password).fill(PASSWORD);
  await field(page, reg.fields.confirmPassword).fill(PASSWORD);
  // The date of birth is three boxes (day, month, year) in the reader's order, one labelled group.
  const birth = page.getByRole('group', { name: reg.fields.dateOfBirth, exact: true });
  await birth.locator('input[name$=".year"]').fill('1988');
  await birth.locator('input[name$=".month"]').fill('04');
  await birth.locator('input[name$=".day"]').fill('17');
  await field(page, reg.fields.gender).selectOption('female');
}

async function fillStep2(page: Page) {
  await field(page, reg.fields.address).fill('12 Elm Street');
  await field(page, reg.fields.city).fill('Springfield');
  await field(page, reg.fields.state).fill('IL');
  await field(page, reg.fields.zipCode).fill('62701');
  await field(page, reg.fields.maritalStatus).selectOption('married');
  await field(page, reg.fields.occupation).fill('Civil engineer');
}

async function fillStep3(page: Page) {
  await field(page, reg.fields.bloodType).selectOption('O+');
  await field(page, reg.fields.allergies).fill('Penicillin, Peanuts');
  await field(page, reg.fields.medications).fill('Lisinopril 10 mg');
  await field(page, reg.fields.insuranceProvider).fill('Meridian Care');
}

test('a new patient registers from the login screen, then signs in and reaches the dashboard', async ({ page }) => {
  const email = newEmail('journey');
  await page.goto('/login');
  await page.getByRole('button', { name: auth.login.register }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reg.title);
  await expect(stepHeading(page)).toHaveText(reg.steps.personal.title);

  // Step 1 is checked before moving on, and the first field to fix gets focus.
  await page.getByRole('button', { name: reg.actions.next }).click();
  await expect(page.getByText(validation.firstName.required)).toBeVisible();
  await expect(page.getByText(validation.gender.required)).toBeVisible();
  await expect(field(page, reg.fields.firstName)).toBeFocused();
  await expect(field(page, reg.fields.firstName)).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  // Editing a field clears its error.
  await field(page, reg.fields.firstName).fill('Amara');
  await expect(page.getByText(validation.firstName.required)).toHaveCount(0);
  await expect(page.getByText(validation.lastName.required)).toBeVisible();

  await fillStep1(page, email);
  await page.getByRole('button', { name: reg.actions.next }).click();
  await expect(stepHeading(page)).toHaveText(reg.steps.address.title);
  await expect(stepHeading(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await fillStep2(page);
  await page.getByRole('button', { name: reg.actions.next }).click();
  await expect(stepHeading(page)).toHaveText(reg.steps.medical.title);
  await expect(field(page, reg.fields.preferredLanguage)).toHaveValue('English');
  await fillStep3(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: reg.actions.createAccount }).click();

  // Success closes the wizard; the login screen thanks the new patient and asks them to check their mail.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText(auth.login.registered.replace('{{name}}', 'Amara'));

  await page.getByLabel(auth.login.email, { exact: true }).fill(email);
  await page.getByLabel(auth.login.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: auth.login.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a taken email gets the same “check your mail” screen as a new one, and the account keeps its password', async ({ page }) => {
  const email = newEmail('taken');
  // Someone registered this email already (through the API, with the pre-session CSRF token, like the browser).
  const { csrfToken } = await (await page.request.get('/api/csrf-token')).json();
  const first = await page.request.post('/api/patients/register', {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      firstName: 'Ingrid',
      lastName: 'Holm',
      email,
      password: 'Fjord-Lantern#1975',
      phone: '+1 555 010 9999',
      dateOfBirth: '1975-09-02',
      gender: 'female',
      address: '1 Harbour Road, Portland, ME 04101',
    },
  });
  expect(first.status()).toBe(202);

  await page.goto('/register');
  // The same address in other letters is the same account.
  await fillStep1(page, email.toUpperCase());
  await page.getByRole('button', { name: reg.actions.next }).click();
  await fillStep2(page);
  await page.getByRole('button', { name: reg.actions.next }).click();
  await fillStep3(page);
  await page.getByRole('button', { name: reg.actions.createAccount }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText(auth.login.registered.replace('{{name}}', 'Amara'));

  // No second account took the address: the password typed in the wizard does not open it.
  const { csrfToken: loginToken } = await (await page.request.get('/api/csrf-token')).json();
  const login = await page.request.post('/api/auth/login', {
    headers: { 'x-csrf-token': loginToken },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
});

test('the wizard passes axe on every step in the dark theme and fits a 360 px screen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(stepHeading(page)).toHaveText(reg.steps.personal.title);

  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  // Errors shown, so their colours are checked too.
  await page.getByRole('button', { name: reg.actions.next }).click();
  await expect(page.getByText(validation.email.required)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await fitsWidth()).toBe(true);

  // Only backwards or one step forward: step 3 is not offered from step 1.
  const steps = page.getByRole('navigation', { name: reg.steps.navigation });
  await expect(steps.getByRole('button', { name: new RegExp(reg.steps.medical.short) })).toBeDisabled();

  await fillStep1(page, newEmail('dark'));
  // Keyboard: Enter in a field moves on like Next.
  await field(page, reg.fields.phone).press('Enter');
  await expect(stepHeading(page)).toHaveText(reg.steps.address.title);
  await page.getByRole('button', { name: reg.actions.next }).click();
  await expect(page.getByText(validation.address.required)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await fitsWidth()).toBe(true);

  await fillStep2(page);
  await steps.getByRole('button', { name: new RegExp(reg.steps.medical.short) }).click();
  await expect(stepHeading(page)).toHaveText(reg.steps.medical.title);
  await expectNoSeriousA11yViolations(page);
  expect(await fitsWidth()).toBe(true);

  // Back to step 1 through the indicator, then Back to Login.
  await steps.getByRole('button', { name: new RegExp(reg.steps.personal.short) }).click();
  await expect(field(page, reg.fields.lastName)).toHaveValue('Okafor');
  await page.getByRole('link', { name: reg.actions.backToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
});
