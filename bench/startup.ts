/**
 * Start-up time on an existing data directory: how long from "build the app" to "ready to serve"
 * when the database is already migrated and seeded (every start after the first).
 *
 * Baseline, in the same process and on the same directory: opening the embedded database and
 * running one query, the floor no start can go below. Prints medians and the ratio to that floor.
 *
 *   npx tsx bench/startup.ts [runs=7]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const runs = Number(process.argv[2] ?? 7);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-bench-startup-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_ROOT: path.join(dataDir, 'no-web') });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function time(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

// First start: migrate and seed (not measured as "start-up"; printed for reference).
const firstStart = await time(async () => {
  const app = await buildApp(config);
  await app.ready();
  await app.close();
});

const baseline: number[] = [];
const app: number[] = [];
for (let i = 0; i < runs; i += 1) {
  // Alternate the two so drift on a shared machine affects both alike.
  baseline.push(
    await time(async () => {
      const handle = await openDatabase({ dataDir });
      await handle.ping();
      await handle.close();
    }),
  );
  app.push(
    await time(async () => {
      const instance = await buildApp(config);
      await instance.ready();
      await instance.close();
    }),
  );
}

const b = median(baseline);
const a = median(app);
console.log(`first start (migrate + seed): ${firstStart.toFixed(0)} ms`);
console.log(`baseline  open PGlite + select 1: median ${b.toFixed(0)} ms over ${runs} runs`);
console.log(`caredeck  buildApp + ready:       median ${a.toFixed(0)} ms over ${runs} runs`);
console.log(`ratio app / baseline: ${(a / b).toFixed(2)}`);
fs.rmSync(dataDir, { recursive: true, force: true });
