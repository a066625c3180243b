import { expect, test } from './fixtures';
import { csrfHeaders, signIn } from './identity-helpers';
import { ADMIN, expectBellMatchesServer, unreadCount } from './live-helpers';

// Live updates: an open page learns of what happens elsewhere without a reload. A sign-in from
// another device reaches the account's bell at once. (A permission granted live is a journey of
// e2e/access.spec.ts, next to the other journey that changes the same staff member's permission.)

test('a sign-in from another device reaches the open page’s bell live', async ({ page, browser }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected');
  const adminId = ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  await expectBellMatchesServer(page, adminId);

  // A browser this account has never used (another user agent): the server tells the account's
  // open pages at once (the "sign-in from a new device" notification).
  const other = await browser.newContext({ userAgent: `Caredeck e2e other device ${Date.now()}` });
  try {
    const login = await other.request.post('/api/auth/login', { headers: await csrfHeaders(other.request), data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    // Other journeys sign in as this admin too: the bell is held to the server's count, after the
    // notice of this sign-in has reached the page.
    await expect(page.getByText('New sign-in to your account').first()).toBeVisible();
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(0);
    await expectBellMatchesServer(page, adminId);
  } finally {
    await other.close();
  }
});
