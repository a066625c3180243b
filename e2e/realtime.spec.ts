import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';

// Live updates: the staff member's open page learns of an admin's change without a reload.
// First the staff member signs in and sees the live indicator connect; then an admin, in another
// browser context, grants billing.view: the staff member's bell count goes up, the permission toast
// shows and the Billing view becomes reachable. The grant is revoked at the end.

const STAFF = { email: 'staff@caredeck.demo', password: 'Staff#2026' };
const ADMIN = { email: 'admin@caredeck.demo', password: 'Admin#2026' };
const PERMISSION = 'billing.view';

async function adminApi(browser: Browser): Promise<{ request: APIRequestContext; close(): Promise<void> }> {
  const context = await browser.newContext();
  const login = await context.request.post('/api/auth/login', { headers: await csrfHeaders(context.request), data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  return { request: context.request, close: () => context.close() };
}

async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', /^Notifications, /);
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const match = /(\d+) unread/.exec(label);
  return match ? Number(match[1]) : 0;
}

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
  const before = await unreadCount(page);

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
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
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
    await expect(page.getByTestId('notification-bell')).toHaveAttribute(
      'aria-label',
      before === 0 ? 'Notifications, none unread' : `Notifications, ${before} unread`,
    );
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

test('a sign-in from another device reaches the open page’s bell live', async ({ page, browser }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  const before = await unreadCount(page);

  // A browser this account has never used (another user agent): the server tells the account's
  // open pages at once (the "sign-in from a new device" notification).
  const other = await browser.newContext({ userAgent: `Caredeck e2e other device ${Date.now()}` });
  try {
    const login = await other.request.post('/api/auth/login', { headers: await csrfHeaders(other.request), data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
    await expect(page.getByText('New sign-in to your account').first()).toBeVisible();
  } finally {
    await other.close();
  }
});
