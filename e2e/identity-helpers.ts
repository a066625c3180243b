import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

// Small steps the journeys share: signing in (through the login page, or as the login page would
// and straight into the portal), the CSRF header for calls made outside the page, a patient of the
// test's own, and the theme switch of the header.

/** Where each role lands after signing in. */
const PORTALS: Record<string, string> = {
  patient: '/dashboard',
  doctor: '/doctor-portal',
  staff: '/staff-portal',
  admin: '/admin-dashboard',
};

/** Signs in through the login page: email, password, Sign In. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in the page's browser with the same call the login form makes, then opens the user's
 * portal: one page load instead of two. The login form itself has journeys of its own (auth,
 * session, registration); the others only need to be signed in. An account that cannot sign in
 * this way (a refused password, a second step, a password to change first) goes through the form,
 * where the test sees what the user would.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const answer = await page.request.post('/api/auth/login', { headers: await csrfHeaders(page.request), data: { email, password } });
  const body = answer.ok() ? ((await answer.json()) as { user?: { role?: string; isFirstTimeLogin?: boolean } }) : {};
  const portal = body.user?.role ? PORTALS[body.user.role] : undefined;
  if (!portal || body.user?.isFirstTimeLogin) {
    await signInWithForm(page, email, password);
    return;
  }
  await page.goto(portal);
}

/** The X-CSRF-Token header for a call made with a request context, fetched first as the browser does. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.get('/api/csrf-token');
  expect(answer.ok()).toBe(true);
  return { 'x-csrf-token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

/** Switches the theme with the header's toggle and waits until the account has saved it. */
export async function toggleTheme(page: Page, expected: 'dark' | 'light'): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(expected === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await saved;
}

/**
 * A patient registered for one journey. Journeys that change how an account signs in or looks (its
 * password, second factor, theme, language) use one, because others sign in as the demo patient at
 * the same time: a reset of the demo patient's password would end their sessions. A journey that
 * must find its patient among others by name gives a last name of its own.
 */
export async function registerPatient(
  browser: Browser,
  label: string,
  lastName = 'Journey',
): Promise<{ email: string; password: string; firstName: string; lastName: string }> {
  const context = await browser.newContext();
  const account = { email: `${label}-${Date.now()}@example.org`, password: 'Lantern-Orchard#2026', firstName: 'Sam', lastName };
  const answer = await context.request.post('/api/patients/register', {
    // Each journey's patient is someone else, registering from a machine of their own: the e2e
    // server trusts the forwarded address (TRUST_PROXY, as behind a reverse proxy), so these do
    // not all count against one address's registration limit.
    headers: { ...(await csrfHeaders(context.request)), 'x-forwarded-for': randomAddress() },
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      phone: '+1 555 0110',
      dateOfBirth: '1990-05-06',
      gender: 'prefer-not-to-say',
      address: '5 Elm Street, Springfield, IL 62701',
    },
  });
  // Accepted: the answer is the same whether or not the address had an account.
  expect(answer.status(), await answer.text()).toBe(202);
  await context.close();
  return account;
}

/** An address in 10.0.0.0/8 (private), different for each call. */
function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}
