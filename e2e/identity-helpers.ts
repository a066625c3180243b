import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

// Small steps the settings and outbox journeys share: signing in through the login page, the CSRF
// header for calls made outside the page, and the theme switch of the header.

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The X-CSRF-Token header for a call made with a request context (the browser's way, spec §7). */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.get('/api/csrf-token');
  expect(answer.ok()).toBe(true);
  return { 'x-csrf-token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

/** Switches the theme with the header's toggle and waits until the account has saved it (spec §4 Theme). */
export async function toggleTheme(page: Page, expected: 'dark' | 'light'): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveClass(expected === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await saved;
}
