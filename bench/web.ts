/**
 * The web's weight, and the landing page's speed.
 *
 * 1. Builds the app (skip with --no-build) and reads Vite's chunk graph (dist/web/.vite/manifest.json):
 *    prints the gzip size of the landing page's initial JavaScript (the entry chunk, the landing
 *    screen it imports at once on /, and everything they import statically; lazy parts such as the explorer, its modal, the map and the app behind
 *    the other pages are not initial) against the 120 KB budget, what the app adds on any other
 *    page, and the English texts the first paint waits for. Then the signed-in shell: the
 *    JavaScript and English texts a signed-in page loads before the frame paints (the entry, the
 *    app, the signed-in frame and the frame's namespaces) against 170 KB; what the app loads right
 *    after its first paint without waiting for it (live connection, toaster, bell); and every chunk
 *    loaded on demand (a view, or a part of one such as the trend chart) with what it adds to the
 *    shell and those, against 50 KB each. Anything over its limit is marked OVER
 *    (docs/decisions/017-light-web-charts-and-texts.md).
 * 2. Starts the built server on a fresh demo database and loads / in Debian's Chromium with a
 *    mid-range phone profile (390x844, 4x CPU slowdown, fast 4G), printing the medians of LCP, CLS
 *    and TBT (long tasks beyond 50 ms between first paint and 5 s after load) over several runs.
 * 3. Runs Lighthouse (mobile preset) against / of the same server (bench/web-lighthouse.ts): the
 *    median performance, accessibility, best-practices and SEO scores, LCP, TBT, CLS, FCP and Speed
 *    Index, and the top failing audits when performance is below 95 or accessibility below 100.
 *
 *   npm run bench:web [-- --no-build] [-- --runs=5] [-- --lighthouse-runs=3] [-- --no-lighthouse] [-- --sizes-only]
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { FIRST_PAINT_NAMESPACES, SHELL_NAMESPACES } from '../src/web/lib/first-paint-namespaces';
import { runLighthouse } from './web-lighthouse';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 5);
const lighthouseRuns = Number(args.find((a) => a.startsWith('--lighthouse-runs='))?.split('=')[1] ?? 3);
const webRoot = path.resolve('dist/web');
const BUDGET_KB = 120;
const SHELL_LIMIT_KB = 170;
const ROUTE_CHUNK_LIMIT_KB = 50;

if (!args.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' });

const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzipKb = (files: Iterable<string>) => {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: 9 }).length;
  return bytes / 1024;
};

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const appKey = Object.keys(manifest).find((key) => key.endsWith('app/app.tsx'));
const landingAppKey = Object.keys(manifest).find((key) => key.endsWith('app/landing-app.tsx'));
// A first visit to / runs the light landing entry (main.tsx, which imports app/landing-app.tsx at
// once on /; preferences-init.js preloads it): what those two load statically is the landing page's
// initial JavaScript. Every other first page (and the first navigation away from /) adds the app:
// router, session, live connection, toaster.
const landing = staticClosure([entryKey, ...(landingAppKey ? [landingAppKey] : [])]);
const app = [...staticClosure(appKey ? [appKey] : [])].filter((file) => !landing.has(file));
const englishTextsOf = (namespaces: readonly string[]) =>
  Object.keys(manifest)
    .filter((key) => namespaces.some((ns) => key.endsWith(`locales/en/${ns}.json`)))
    .map((key) => manifest[key]!.file);
const englishTexts = englishTextsOf(FIRST_PAINT_NAMESPACES);
const landingKb = gzipKb(landing);

console.log('\nInitial JavaScript (gzip -9)');
console.log(
  `  landing initial JS:   ${landingKb.toFixed(1)} KB gzip in ${landing.size} files — budget ${BUDGET_KB} KB: ${landingKb <= BUDGET_KB ? 'within' : 'OVER'}`,
);
console.log(
  `  app (other pages):    ${gzipKb(app).toFixed(1)} KB more in ${app.length} files (loaded on any other first page or the first navigation)`,
);
console.log(
  `  English texts:        ${gzipKb(englishTexts).toFixed(1)} KB in ${englishTexts.length} files (${FIRST_PAINT_NAMESPACES.join(', ')}; before the first paint)`,
);

// A signed-in first page (any page but /) runs the entry, which loads the frame's texts and the
// app; the router then loads the signed-in frame before anything of it paints.
const signedInLayoutKey = Object.keys(manifest).find((key) => key.endsWith('app/shell/signed-in-layout.tsx'));
const shell = staticClosure([entryKey, ...(appKey ? [appKey] : []), ...(signedInLayoutKey ? [signedInLayoutKey] : [])]);
const shellTexts = englishTextsOf(SHELL_NAMESPACES);
const shellJsKb = gzipKb(shell);
const shellTextsKb = gzipKb(shellTexts);
const shellKb = shellJsKb + shellTextsKb;
const mark = (kb: number, limit: number) => (kb <= limit ? 'within' : 'OVER');

console.log(`\nSigned-in shell before first paint (gzip -9) — limit ${SHELL_LIMIT_KB} KB`);
console.log(`  JavaScript:           ${shellJsKb.toFixed(1)} KB in ${shell.size} files (entry, app, signed-in frame)`);
console.log(`  English texts:        ${shellTextsKb.toFixed(1)} KB in ${shellTexts.length} files (${SHELL_NAMESPACES.join(', ')})`);
console.log(`  total:                ${shellKb.toFixed(1)} KB — ${mark(shellKb, SHELL_LIMIT_KB)}`);

// What the app loads at once after its first paint, without waiting for it: the live connection
// with its push reactions (signed in only), the toaster, the notification bell and the mobile
// check's button; the public frame instead fetches the sign-in contracts (and with them zod) that
// its forms validate with. Each is a chunk loaded on demand like a view, so each is held to 50 KB.
const keyOf = (suffix: string) => Object.keys(manifest).find((key) => key.endsWith(suffix));
const SIGNED_IN_AFTER_PAINT = [
  'app/realtime-link.tsx',
  'app/toasts.tsx',
  'notifications/components/notification-bell.tsx',
  'mobile-check-launcher.tsx',
];
const PUBLIC_AFTER_PAINT = ['app/toasts.tsx', 'mobile-check-launcher.tsx', 'app/shell/routed-public-layout.tsx', 'contracts/auth.ts'];
const afterPaint = (suffixes: string[]) =>
  new Set([...staticClosure(suffixes.flatMap((suffix) => keyOf(suffix) ?? []))].filter((file) => !shell.has(file)));
const signedInAfterPaint = afterPaint(SIGNED_IN_AFTER_PAINT);
const publicAfterPaint = afterPaint(PUBLIC_AFTER_PAINT);
console.log(`
Loaded right after the first paint, not waited for (gzip -9, beyond the shell)`);
console.log(
  `  signed in:            ${gzipKb(signedInAfterPaint).toFixed(1)} KB in ${signedInAfterPaint.size} files (live connection, toaster, bell, mobile check)`,
);
console.log(
  `  public pages:         ${gzipKb(publicAfterPaint).toFixed(1)} KB in ${publicAfterPaint.size} files (public frame, sign-in contracts, toaster, mobile check)`,
);

// Every chunk loaded on demand except the texts: what opening it downloads beyond the shell and
// what the app has loaded right after its first paint. A public page (sign-in, registration,
// password reset, legal texts, a shared medication, the landing page's parts) counts only what a
// signed-out visitor's app has loaded: no live connection.
const PUBLIC = /(^|\/)features\/(auth\/pages|registration|legal|landing)\/|shared-medication-page|routed-public-layout/;
const routeChunks = Object.keys(manifest)
  .filter(
    (key) =>
      manifest[key]!.isDynamicEntry && !/(^|\/)locales\//.test(key) && key !== signedInLayoutKey && key !== appKey && key !== landingAppKey,
  )
  .map((key) => {
    // An after-paint part itself counts everything it brings beyond the shell.
    const own = [...SIGNED_IN_AFTER_PAINT, ...PUBLIC_AFTER_PAINT].some((suffix) => key.endsWith(suffix));
    const loaded = own ? new Set<string>() : PUBLIC.test(key) ? publicAfterPaint : signedInAfterPaint;
    const files = [...staticClosure([key])].filter((file) => !shell.has(file) && !loaded.has(file));
    return { name: manifest[key]!.src ?? key, kb: gzipKb(files), files: files.length };
  })
  .sort((a, b) => b.kb - a.kb);
const over = routeChunks.filter((chunk) => chunk.kb > ROUTE_CHUNK_LIMIT_KB);
console.log(
  `\nChunks loaded on demand (gzip -9, beyond the shell and what loads right after it) — limit ${ROUTE_CHUNK_LIMIT_KB} KB each; ${over.length} over`,
);
for (const chunk of routeChunks) {
  const flag = chunk.kb > ROUTE_CHUNK_LIMIT_KB ? 'OVER' : '    ';
  console.log(`  ${flag} ${chunk.kb.toFixed(1).padStart(6)} KB  ${chunk.name} (${chunk.files} files)`);
}

if (args.includes('--sizes-only')) process.exit(0);

// --- Web vitals in Chromium ---------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const port = 5600 + Math.floor(Math.random() * 300);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-bench-web-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const lcp: number[] = [];
  const cls: number[] = [];
  const tbt: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    // Lighthouse's "fast 4G"-like link: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __vitals: { lcp: number; cls: number; longTasks: { start: number; duration: number }[] } };
      w.__vitals = { lcp: 0, cls: 0, longTasks: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__vitals.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__vitals.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const vitals = await page.evaluate(() => {
      const w = window as unknown as { __vitals: { lcp: number; cls: number; longTasks: { start: number; duration: number }[] } };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const blocking = w.__vitals.longTasks.filter((t) => t.start >= fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
      return { lcp: w.__vitals.lcp, cls: w.__vitals.cls, tbt: blocking };
    });
    lcp.push(vitals.lcp);
    cls.push(vitals.cls);
    tbt.push(vitals.tbt);
    await context.close();
  }
  await browser.close();
  console.log(`\nLanding page in Chromium, mobile profile (390x844, 4x CPU slowdown, fast 4G), median of ${runs} runs`);
  console.log(`  LCP ${median(lcp).toFixed(0)} ms   (runs: ${lcp.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`  CLS ${median(cls).toFixed(3)}      (runs: ${cls.map((v) => v.toFixed(3)).join(', ')})`);
  console.log(`  TBT ${median(tbt).toFixed(0)} ms   (runs: ${tbt.map((v) => v.toFixed(0)).join(', ')})`);

  if (!args.includes('--no-lighthouse') && lighthouseRuns > 0) await runLighthouse(`${origin}/`, lighthouseRuns);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
