import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signIn } from './identity-helpers';

// The public landing page — every section in its order (docs/product.md, Landing page), in English and in Arabic
// (right to left), the top bar's scroll buttons and Get Started, the footer's real pages, axe in
// both themes and no horizontal overflow on a 360 px phone.

const SECTIONS = [
  'hero',
  'capabilities',
  'metrics',
  'specialties',
  'services',
  'partners',
  'awards',
  'mobile',
  'impact',
  'analytics',
  'portals',
  'digital',
  'security',
  'testimonials',
  'cta',
  'footer',
];

async function openLanding(page: Page, language?: 'ar'): Promise<void> {
  if (language) await page.addInitScript((lng) => localStorage.setItem('caredeck.language', lng), language);
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  // The live figures have arrived from GET /api/public/stats.
  await expect(page.locator('[data-figure="activeUsers"]')).not.toBeEmpty();
}

async function sectionOrder(page: Page): Promise<string[]> {
  return page.locator('[data-section]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section') ?? ''));
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('every section is there, in order, with the figures this deployment counts', async ({ page }) => {
  // The figure is the one the server gave this page. Journeys running beside this one register
  // patients at any moment, so a second, later reading of the count may already be one higher.
  const answered: number[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/public/stats' || !response.ok()) return;
    answered.push(((await response.json()) as { activeUsers: number }).activeUsers);
  });
  await openLanding(page);
  expect(await sectionOrder(page)).toEqual(SECTIONS);
  const shown = page.locator('[data-figure="activeUsers"]');
  await expect
    .poll(async () => answered.map((count) => new Intl.NumberFormat('en').format(count)).includes((await shown.textContent()) ?? ''))
    .toBe(true);
  expect(Math.min(...answered)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Start Digital Transformation' })).toHaveAttribute('href', '/docs-overview');
  await expect(page.getByRole('link', { name: 'Start Free Trial Today' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Schedule Consultation' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByTestId('compliance-badges')).toContainText('HIPAA');
  // Chromium under automation offers no install prompt: the section says how to install instead.
  await expect(page.getByTestId('install-manual')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('in Arabic the page reads right to left, with every section and nothing overflowing', async ({ page }) => {
  await openLanding(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'الخدمات' })).toBeVisible();
  expect(await sectionOrder(page)).toEqual(SECTIONS);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test('the scroll buttons land on their anchors', async ({ page }) => {
  await openLanding(page);
  for (const [button, anchor] of [
    ['Services', 'services'],
    ['Platform', 'platform'],
    ['Security', 'security'],
    ['Pricing', 'pricing'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Landing page sections' }).getByRole('button', { name: button }).click();
    const section = page.locator(`#${anchor}`);
    await expect(section).toBeFocused();
    // At the top of the window, below the fixed bar, unless the page ends first (the last section).
    await expect
      .poll(
        async () =>
          section.evaluate((el) => {
            const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
            return el.getBoundingClientRect().top < 200 || atBottom;
          }),
        { timeout: 5000 },
      )
      .toBe(true);
    await expect(section).toBeInViewport();
  }
});

test('a section reached while the specialties are still loading stays in view when they arrive', async ({ page }) => {
  // Hold the explorer's code until after the jump, as a slow network or a busy machine would.
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/specialties-explorer[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openLanding(page);
  await page.getByRole('navigation', { name: 'Landing page sections' }).getByRole('button', { name: 'Services' }).click();
  const services = page.locator('#services');
  await expect(services).toBeFocused();
  const topBefore = await services.evaluate((el) => el.getBoundingClientRect().top);
  expect(topBefore).toBeLessThan(200);

  release();
  await expect(page.getByTestId('specialties-explorer')).toBeAttached();
  // The explorer is taller than the room kept for it; the section the reader is on must not move down with it.
  await expect.poll(() => services.evaluate((el) => el.getBoundingClientRect().top)).toBe(topBefore);
  await expect(services).toBeInViewport();
});

test('Get Started goes to sign-in, or straight to the portal once signed in', async ({ page }) => {
  await openLanding(page);
  await page.getByTestId('get-started').click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'doctor@caredeck.demo', 'Quiet-Harbor#2026');
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/');
  // Once the session is known, the button points at the doctor's portal rather than sign-in.
  await expect(page.getByTestId('get-started')).not.toHaveAttribute('href', '/login');
  const portal = await page.getByTestId('get-started').getAttribute('href');
  await page.getByTestId('get-started').click();
  await expect(page).toHaveURL(new RegExp(`${portal}$`));
});

test('FAQ, privacy policy and terms are real pages with their own addresses', async ({ page }) => {
  await openLanding(page);
  for (const [link, path, heading] of [
    ['FAQ', '/faq', 'Frequently asked questions'],
    ['Privacy policy', '/privacy', 'Privacy policy'],
    ['Terms of service', '/terms', 'Terms of service'],
    ['Documentation', '/docs-overview', 'Documentation'],
    ['Training', '/training', 'Training'],
  ] as const) {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/faq');
  await page.getByText('Who can see my medical records?').click();
  await expect(page.getByText('Every time someone opens your record')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('axe finds nothing serious in the dark theme either', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await openLanding(page);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoSeriousA11yViolations(page);
});

test('nothing overflows sideways on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openLanding(page);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('the app is installable: manifest, icons and a service worker that never caches the API', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string; purpose: string }[];
    display: string;
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  const worker = await (await request.get('/sw.js')).text();
  expect(worker).toContain("url.pathname.startsWith('/api/')");
});

test('the landing page paints before its script runs: in English from the prerendered HTML, hidden for another language', async ({
  page,
}) => {
  const landingTexts = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'web', 'locales', 'en', 'landing.json'), 'utf8'),
  ) as { hero: { title: string } };
  // The app's entry script answers nothing, so what shows is the HTML the server sent for /.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(landingTexts.hero.title);
  await expect(page.locator('[data-section="hero"] img')).toHaveAttribute('fetchpriority', 'high');
  // Its controls do nothing yet, so they are disabled rather than losing a choice.
  await expect(page.getByTestId('language-switcher')).toBeDisabled();
  await expect(page.getByTestId('theme-toggle')).toBeDisabled();

  await page.addInitScript(() => localStorage.setItem('caredeck.language', 'ar'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-prerendered]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
});

test('offline, the installed app opens / as the landing page and any other path from the empty shell', async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  // Offline, the app's API calls fail; that is not what this test looks at.
  allowConsoleErrors(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await page.goto('/');
  // pwa.js registers the worker only outside automation, so the test registers it itself.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Once online, so the worker keeps the app's scripts as well.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  const landing = await page.goto('/');
  expect(await landing?.text()).toContain('data-prerendered="landing"');
  const other = await page.goto('/login');
  const html = (await other?.text()) ?? '';
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('data-prerendered');
  await context.setOffline(false);
});
