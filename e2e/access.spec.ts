import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';
import { adminApi, expectBellMatchesServer, unreadCount } from './live-helpers';

// Guarded views in the browser (docs/product.md, Permissions and guarded views): the demo reception
// staff member, who does not hold billing.view, is refused billing; an admin grants it and after a
// reload the staff member reaches billing; the grant is revoked at the end so the demo data stays as
// seeded. A patient reaches billing through patients.view.own, and a visitor without a session is sent
// to sign in.

const locale = (ns: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', `${ns}.json`), 'utf8'));
const access = locale('access');
const shell = locale('shell');
const common = locale('common');

const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };
const PATIENT = { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' };
const PERMISSION = 'billing.view';

/** Anonymous pages ask GET /api/auth/session first; the browser logs its 401 ("nobody is signed in"). */
const NOBODY_SIGNED_IN = /401 \(Unauthorized\)/;

async function billingLink(page: Page) {
  return page.getByTestId('sidebar').getByRole('link', { name: shell.views.billing, exact: true });
}

test('a staff member without billing.view is refused billing until an admin grants it', async ({ page, browser }) => {
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/staff-portal$/);
  // The sidebar offers what reception works with, and not billing.
  await expect(page.getByTestId('sidebar').getByRole('link', { name: shell.views.appointments, exact: true })).toBeVisible();
  await expect(await billingLink(page)).toHaveCount(0);

  // Opened by its address, billing explains the refusal and what would open it.
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: access.titles.missing_permissions })).toBeVisible();
  await expect(page.getByTestId('access-denied').getByText('billing.view', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: access.backToPortal })).toHaveAttribute('href', '/staff-portal');
  await expectNoSeriousA11yViolations(page);

  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const staffId = session.user.id;

  // An admin, in another browser, grants billing.view.
  const admin = await adminApi(browser);
  try {
    const grant = await admin.request.post(`/api/users/${staffId}/permissions`, {
      headers: await csrfHeaders(admin.request),
      data: { permission: 'billing.view' },
    });
    expect(grant.status(), await grant.text()).toBe(200);

    // After a reload the staff member reaches billing (today the coming-soon page) and sees it in the sidebar.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: common.comingSoon.title })).toBeVisible();
    await expect(page.getByTestId('access-denied')).toHaveCount(0);
    await expect(await billingLink(page)).toBeVisible();
  } finally {
    const revoke = await admin.request.delete(`/api/users/${staffId}/permissions/billing.view`, {
      headers: await csrfHeaders(admin.request),
    });
    expect(revoke.status(), await revoke.text()).toBe(200);
    await admin.close();
  }

  // Revoked: refused again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: access.titles.missing_permissions })).toBeVisible();
  await expect(await billingLink(page)).toHaveCount(0);
});

// The same staff member's billing.view as the journey above: in one file, the two never overlap.
test('an admin grants a permission: the staff page shows the toast, the bell count and the view without reload', async ({
  page,
  browser,
}) => {
  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/staff-portal/);
  const status = page.getByTestId('realtime-status');
  await expect(status).toHaveAttribute('data-state', 'connected');
  await expect(status).toHaveText('Live updates: connected');
  await expectNoSeriousA11yViolations(page);

  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const staffId = session.user.id;
  const navigation = page.getByRole('navigation');
  await expect(navigation.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  const admin = await adminApi(browser);
  try {
    // A navigation would reload the page; the check below proves none happened.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const grant = await admin.request.post(`/api/users/${staffId}/permissions`, {
      headers: await csrfHeaders(admin.request),
      data: { permission: PERMISSION },
    });
    expect(grant.status(), await grant.text()).toBe(200);

    await expect(page.getByText(`You were granted the permission ${PERMISSION}.`)).toBeVisible();
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);
    await expectBellMatchesServer(page, staffId);
    await navigation.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Insufficient Permissions|Access Denied/);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The notification the grant left: open it from the bell, it is marked read.
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('notification-panel');
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByTestId('notification-list').getByRole('listitem').first().getByRole('button').first().click();
    await expect(page.getByTestId('notification-detail')).toBeVisible();
    // Read: the bell counts one fewer, as the server does.
    await expectBellMatchesServer(page, staffId);
    await page.keyboard.press('Escape');
  } finally {
    const revoke = await admin.request.delete(`/api/users/${staffId}/permissions/${PERMISSION}`, {
      headers: await csrfHeaders(admin.request),
    });
    expect([200, 404]).toContain(revoke.status());
    await admin.close();
  }

  // The revocation arrives live too: the Billing link goes away again.
  await expect(navigation.getByRole('link', { name: 'Billing' })).toHaveCount(0);
});

test('a patient reaches billing through patients.view.own', async ({ page }) => {
  // The page's clock runs as usual, and the test moves it on past the guard's grace period (1.5 s)
  // instead of waiting it out.
  await page.clock.install();
  await signIn(page, PATIENT.email, PATIENT.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await (await billingLink(page)).click();
  await expect(page).toHaveURL(/\/billing$/);
  const heading = page.getByRole('heading', { level: 1, name: common.comingSoon.title });
  await expect(heading).toBeVisible();
  await page.clock.runFor(2_000);
  // Past the grace period, still no refusal.
  await expect(page.getByTestId('access-denied')).toHaveCount(0);
  await expect(heading).toBeVisible();
});

test('a visitor without a session on a guarded view is sent to sign in and brought back', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(NOBODY_SIGNED_IN);
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/login\?next=%2Fbilling$/);
  await page.getByLabel('Email').fill(PATIENT.email);
  await page.getByLabel('Password', { exact: true }).fill(PATIENT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: common.comingSoon.title })).toBeVisible();
});
