import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

// The session (docs/product.md, Sign-in and sessions; ADR 006) in a real browser: the session survives a reload, ends in every
// tab at once, and a cookie planted before sign-in never becomes the session.

const locale = (ns: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${ns}.json`), 'utf8'));
const auth = locale('auth');
const shell = locale('shell');
const leave = locale('leave');

const SESSION_COOKIE = 'caredeck-session';
const DOCTOR = { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026', firstName: 'Michael' };
const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026', firstName: 'Emily' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(auth.login.email, { exact: true }).fill(account.email);
  await page.getByLabel(auth.login.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
}

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

test('a reload keeps you signed in, and the local session holds no personal data', async ({ page }) => {
  await signIn(page, DOCTOR);
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await page.reload();
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${DOCTOR.firstName}`);
  await expect(page.getByTestId('user-menu-name')).toHaveText('Michael Chen');

  const stored = await page.evaluate(() => localStorage.getItem('caredeck.session'));
  expect(Object.keys(JSON.parse(stored!)).sort()).toEqual(['lastActivity', 'role', 'serverExpiresAt', 'sessionExpiry', 'userId']);
  expect(stored).not.toContain('Michael');
  expect(stored).not.toContain(DOCTOR.email);

  // A deep link opened while signed in opens directly; /login sends you to your portal.
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(leave.title);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/doctor-portal$/);
  await expectNoSeriousA11yViolations(page);
});

test('a signed-in page asks a visitor to sign in, then returns to it', async ({ page }) => {
  await page.goto('/appointments?view=week');
  await expect(page).toHaveURL(/\/login\?next=%2Fappointments%3Fview%3Dweek$/);
  await page.getByLabel(auth.login.email, { exact: true }).fill(STAFF.email);
  await page.getByLabel(auth.login.password, { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/appointments\?view=week$/);
});

test('signing out in one tab signs out the other tab too', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, DOCTOR);
  await expect(first).toHaveURL(/\/doctor-portal$/);

  const second = await context.newPage();
  await second.goto('/appointments');
  await expect(second.getByTestId('user-menu')).toBeVisible();

  await first.getByTestId('user-menu').click();
  const menu = first.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([shell.userMenu.profileSettings, shell.userMenu.preferences, shell.userMenu.signOut]);
  await first.getByRole('menuitem', { name: shell.userMenu.signOut }).click();
  await expect(first).toHaveURL(/\/$/);
  await expect(first.getByText(shell.session.loggedOut)).toBeVisible();

  // The other tab follows at once, without a reload, to the landing page.
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByTestId('user-menu')).toHaveCount(0);
  // And the server session is gone: a signed-in page asks to sign in.
  await second.goto('/doctor-portal');
  await expect(second).toHaveURL(/\/login\?next=%2Fdoctor-portal$/);
  const answer = await second.request.get('/api/auth/session');
  expect((await answer.json()).user).toBeNull();
});

test('the user menu works from the keyboard', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/staff-portal$/);
  const trigger = page.getByTestId('user-menu');
  await expect(trigger).toContainText(shell.positions.reception);
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: shell.userMenu.profileSettings })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: shell.userMenu.preferences })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: shell.userMenu.signOut })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('on a 360 px phone the header fits; Preferences opens its section, and signing out there lands on the landing page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/staff-portal$/);
  const header = page.locator('header').first();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // Nothing in the header is cut off or pushes the page sideways.
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    header: document.querySelector('header')!.scrollWidth - document.querySelector('header')!.clientWidth,
  }));
  expect(overflow).toEqual({ page: 0, header: 0 });
  const menuBox = (await page.getByTestId('user-menu').boundingBox())!;
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(360);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: shell.userMenu.preferences }).click();
  await expect(page).toHaveURL(/\/profile-settings#preferences$/);
  await expect(page.locator('#preferences')).toBeInViewport();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: shell.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(shell.session.loggedOut)).toBeVisible();
});

test('a session cookie planted before sign-in never becomes the session', async ({ context, page, browser, baseURL }) => {
  const planted = 'attacker-chosen-session-value-0123456789abcdefghijklmnop';
  await context.addCookies([{ name: SESSION_COOKIE, value: planted, url: baseURL! }]);

  await signIn(page, DOCTOR);
  await expect(page).toHaveURL(/\/doctor-portal$/);
  const issued = await sessionCookie(context);
  expect(issued).toBeTruthy();
  expect(issued).not.toBe(planted);

  // The planted value opens nothing; the issued one is the session.
  const attacker = await browser.newContext();
  await attacker.addCookies([{ name: SESSION_COOKIE, value: planted, url: baseURL! }]);
  expect((await (await attacker.request.get('/api/auth/session')).json()).user).toBeNull();
  await attacker.close();

  // Signing in again issues yet another token: the earlier one ends.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: shell.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, DOCTOR);
  await expect(page).toHaveURL(/\/doctor-portal$/);
  const second = await sessionCookie(context);
  expect(second).not.toBe(issued);
  const replay = await browser.newContext();
  await replay.addCookies([{ name: SESSION_COOKIE, value: issued!, url: baseURL! }]);
  expect((await (await replay.request.get('/api/auth/session')).json()).user).toBeNull();
  await replay.close();
});

test('the theme follows the account: saved to the server, and the server setting wins at the next sign-in', async ({ page, browser }) => {
  // The theme is saved 500 ms after the last toggle; three quick toggles make one save. The three
  // clicks happen in one task of the page, so a slow machine cannot spread them past the 500 ms; and
  // they may come before the account's setting has arrived, which then does not undo them.
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/user/settings')) puts.push(request.postData() ?? '');
  });
  const settingsRead = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'GET');
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/staff-portal$/);
  // The account's own theme, if it has one, is on screen before the toggles start from it.
  const held = ((await (await settingsRead).json()) as { data?: { theme?: string | null } }).data?.theme;
  if (held) await expect(page.locator('html')).toHaveClass(held === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
  const before = await page.getByTestId('theme-toggle').evaluate((toggle: HTMLElement) => {
    const wasDark = document.documentElement.classList.contains('dark');
    for (let i = 0; i < 3; i++) toggle.click();
    return wasDark;
  });
  const target = before ? 'light' : 'dark';
  await expect(page.locator('html')).toHaveClass(target === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await saved;
  const dark = target === 'light';

  try {
    // Another browser, whose own preference is the opposite, takes the account's theme after sign-in.
    const other = await browser.newContext({ colorScheme: dark ? 'dark' : 'light' });
    const second = await other.newPage();
    second.on('console', () => {});
    await signIn(second, STAFF);
    await expect(second).toHaveURL(/\/staff-portal$/);
    await expect(second.locator('html')).toHaveClass(target === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await other.close();
    // The second sign-in took far longer than the 500 ms; still only the one save was sent.
    expect(puts).toEqual([JSON.stringify({ theme: target })]);
  } finally {
    // Give the account its theme back.
    const restored = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
    await page.getByTestId('theme-toggle').click();
    await restored;
  }
});
