import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, signInWithForm } from './identity-helpers';

// The content security policy allows scripts and styles from the app's own files only (no inline
// style, no eval). Chromium enforces it: every main view of every role, toasts and charts included,
// loads without a single violation — neither an event in the page nor a report to the server (and
// the fixture fails on the console error a refused style would log).

const ACCOUNTS = {
  patient: { email: 'patient@caredeck.demo', password: 'Sunny-Meadow#2026' },
  doctor: { email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' },
  admin: { email: 'admin@caredeck.demo', password: 'Iron-Ledger#2026' },
};

const VIEWS = {
  patient: [
    '/dashboard',
    '/appointments',
    '/appointments/book',
    '/medications',
    '/records',
    '/vitals',
    '/lab-results',
    '/profile-settings',
  ],
  doctor: ['/doctor-portal', '/doctors', '/medications', '/tasks', '/profile-settings'],
  admin: [
    '/admin-dashboard',
    '/admin/users',
    '/admin/audit',
    '/admin/organisation',
    '/outbox',
    '/admin/security',
    '/admin/sessions',
    '/admin/roles',
    '/admin/system-log',
    '/admin/analytics',
    '/admin/reports',
  ],
};

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects every violation the page sees, from before its first script, and every report it sends. */
async function watchViolations(page: Page): Promise<{ violations: () => Promise<Violation[]>; reports: string[] }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/csp-report')) reports.push(request.postData() ?? '');
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { cspViolations?: Violation[] }).cspViolations ?? []),
    reports,
  };
}

test('the public pages load under the policy without a violation', async ({ page }) => {
  const watch = await watchViolations(page);
  const policy = (await page.request.get('/')).headers()['content-security-policy'];
  expect(policy).toMatch(/(^|; ?)style-src 'self'(;|$)/);
  for (const path of ['/', '/login', '/register', '/privacy', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await watch.violations(), path).toEqual([]);
  }
  expect(watch.reports).toEqual([]);
});

for (const role of Object.keys(VIEWS) as (keyof typeof VIEWS)[]) {
  test(`the ${role}'s views, and the toast at sign-in, load under the policy without a violation`, async ({ page }) => {
    // Up to ten views, each waited on until its network is quiet.
    test.setTimeout(240_000);
    const watch = await watchViolations(page);
    // Through the form: the welcome toast comes with signing in there.
    await signInWithForm(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
    // The welcome toast is styled by rules from the stylesheet file, not an inline <style>.
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    expect(await page.locator('[data-sonner-toaster]').evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(await page.locator('head style').count()).toBe(0);
    expect(await watch.violations(), 'at sign-in').toEqual([]);

    for (const path of VIEWS[role]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Whatever the view loads after its heading (lists, charts) has come.
      await page.waitForLoadState('networkidle');
      expect(await watch.violations(), path).toEqual([]);
    }
    expect(watch.reports).toEqual([]);
  });
}

test('the mobile check, with its frames sized at run time, works under the policy on the users page', async ({ page }) => {
  const watch = await watchViolations(page);
  await signIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/admin/users');
  await expect(page.getByTestId('users-table')).toBeVisible();
  await page.getByTestId('mobile-check-button').click();
  const overlay = page.getByRole('dialog', { name: 'Mobile responsiveness check' });
  await expect(overlay.getByRole('button', { name: 'Run again' })).toBeEnabled({ timeout: 30_000 });
  // The users table scrolls inside its region at every size, so the page itself never overflows.
  await expect(overlay.getByTestId('mobile-check-summary')).toHaveText('Nothing overflows horizontally at any screen size.', {
    timeout: 20_000,
  });
  expect(await watch.violations()).toEqual([]);
  expect(watch.reports).toEqual([]);
});
