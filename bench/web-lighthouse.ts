/**
 * Lighthouse on the landing page, for bench/web.ts.
 *
 * Runs Lighthouse's default config (the mobile preset: Moto G Power-sized screen, simulated slow 4G
 * and 4x CPU slowdown) against a URL in Debian's Chromium (CHROMIUM_PATH overrides), launched
 * headless by chrome-launcher, a fresh browser profile for every run. Prints the medians of the
 * category scores and of LCP, TBT, CLS, FCP and Speed Index, and, when a score is below its target,
 * the audits that cost it the most in the median run. It prints; it never asserts.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 95, accessibility: 100 };
const METRICS = [
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['first-contentful-paint', 'FCP', 'ms'],
  ['speed-index', 'SI', 'ms'],
] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** The audits of a category that failed, worst first (for performance: by the weight they carry or the time they would save). */
function failingAudits(lhr: Result, categoryId: string, limit = 8): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const rows: { cost: number; line: string }[] = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
    const savings = audit.metricSavings ? Object.values(audit.metricSavings).reduce<number>((sum, v) => sum + (v ?? 0), 0) : 0;
    const cost = ref.weight * (1 - audit.score) * 1000 + savings;
    const items = audit.details && 'items' in audit.details ? audit.details.items.length : 0;
    const detail = [audit.displayValue, items && ref.group !== 'metrics' ? `${items} item${items === 1 ? '' : 's'}` : '']
      .filter(Boolean)
      .join(', ');
    rows.push({ cost, line: `${audit.id}: ${audit.title}${detail ? ` (${detail})` : ''}` });
  }
  return rows
    .sort((a, b) => b.cost - a.cost)
    .slice(0, limit)
    .map((row) => row.line);
}

export async function runLighthouse(url: string, runs: number): Promise<void> {
  const results: Result[] = [];
  // A run that Lighthouse itself reports as broken (NO_NAVSTART and the like: trace recording
  // hiccups on a busy machine) is tried again, up to twice in all, in a new browser.
  for (let run = 0, retries = 0; run < runs;) {
    const chrome = await launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
      logLevel: 'silent',
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
      const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned no result' };
      if (result && !error) {
        results.push(result.lhr);
        run++;
      } else if (retries < 2) {
        retries++;
        console.log(`  (Lighthouse run ${run + 1}: ${error?.code}; trying again)`);
      } else {
        throw new Error(`Lighthouse: ${error?.code} ${error?.message}`);
      }
    } finally {
      chrome.kill();
    }
  }

  console.log(
    `\nLighthouse ${results[0]!.lighthouseVersion}, mobile preset (default config, simulated throttling), median of ${runs} runs`,
  );
  for (const id of CATEGORIES) {
    const scores = results.map((lhr) => score(lhr, id));
    const target = TARGETS[id];
    const label = `${results[0]!.categories[id]?.title ?? id}:`.padEnd(16);
    console.log(
      `  ${label}${String(median(scores)).padStart(3)}${target ? ` (target ${target})` : '          '}   (runs: ${scores.join(', ')})`,
    );
  }
  for (const [id, label, unit] of METRICS) {
    const values = results.map((lhr) => lhr.audits[id]?.numericValue ?? 0);
    const show = (v: number) => (unit ? v.toFixed(0) : v.toFixed(3));
    console.log(`  ${label.padEnd(4)}${show(median(values)).padStart(6)} ${unit.padEnd(3)}   (runs: ${values.map(show).join(', ')})`);
  }

  // The failing audits of the run whose performance score is the median one.
  const byPerformance = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const medianRun = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  for (const [id, target] of Object.entries(TARGETS)) {
    if (median(results.map((lhr) => score(lhr, id))) >= target) continue;
    console.log(`  ${medianRun.categories[id]?.title ?? id} below ${target}; failing audits (median run):`);
    for (const line of failingAudits(medianRun, id)) console.log(`    - ${line}`);
  }
}
