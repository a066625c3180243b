import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { csrfHeaders } from './identity-helpers';

// Steps of the live journeys: an admin in a browser of their own, and the bell's unread count as
// the page shows it and as the server counts it.

export const ADMIN = { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' };

/** An admin signed in in another browser context, for calls made beside the page under test. */
export async function adminApi(browser: Browser): Promise<{ request: APIRequestContext; close(): Promise<void> }> {
  const context = await browser.newContext();
  const login = await context.request.post('/api/auth/login', { headers: await csrfHeaders(context.request), data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  return { request: context.request, close: () => context.close() };
}

/** The unread count the bell shows. */
export async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', /^Notifications, /);
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const match = /(\d+) unread/.exec(label);
  return match ? Number(match[1]) : 0;
}

/**
 * Waits until the bell shows the count the server holds for the signed-in user. Journeys elsewhere
 * may leave this account notifications at the same time, so the bell is held to the server's
 * count, not to a number read earlier.
 */
export async function expectBellMatchesServer(page: Page, userId: string): Promise<number> {
  let server = -1;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/notifications?userId=${userId}`);
      server = ((await answer.json()) as { unreadCount: number }).unreadCount;
      return (await unreadCount(page)) === server;
    })
    .toBe(true);
  return server;
}
