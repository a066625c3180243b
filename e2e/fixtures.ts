import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

// Shared e2e fixtures. Any console error or uncaught page error fails the test (Epic Stack), except
// messages a test declares as expected (for example the 404 behind an unavailable share link).

interface Fixtures {
  /** Console errors matching one of these are expected by the test and do not fail it. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use((...patterns) => allowed.push(...patterns));
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Runs axe (WCAG 2.2 A/AA rules) and fails on any serious or critical violation.
 * Axe runs in the page itself (legacy mode): the default opens a second, blank page for every check
 * to merge the frames' results, and the app has no frames from another origin to merge. Only
 * violations are collected: the passing nodes axe otherwise lists are never read here. Together
 * they make a check about 40% cheaper, and the journeys run close to a hundred of them.
 * `exclude` leaves out parts of the page a check is not about (CSS selectors).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // options() replaces every option set before it, so it comes before withTags().
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}
