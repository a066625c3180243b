/**
 * How long `npm start` takes until the server answers, measured as a person would: from running the
 * command to the first 200 from /healthz, on the embedded database, with the build up to date.
 *
 *   npm run bench:start [-- --rounds 5]
 *
 * Each round runs, one after the other so they never share a core:
 *   - `npm start` on an existing data directory (every start after the first; goal ≤ 1 s);
 *   - `node dist/server/main.js` on the same directory (the server without npm);
 *   - the floor: a bare Node process that opens the same embedded database, runs one query and
 *     answers /healthz from node:http — no start can go below it;
 *   - a first boot on an empty data directory (migrations and the demo seed; goal ≤ 3 s).
 * Prints the median of each, and the ratios to the floor.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildInputsNewerThanOutputs } from '../scripts/build-freshness.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Math.max(1, Number(values.rounds));
const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-bench-start-'));

const FLOOR = `
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.env.DATA_DIR);
await db.query('select 1');
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); });
server.listen(Number(process.env.PORT), '127.0.0.1');
const stop = () => server.close(() => db.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command until /healthz answers 200; returns the milliseconds that took, then stops it. */
async function timeToHealthy(command: string, args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
  };
  const started = performance.now();
  // A process group of its own: stopping `npm start` must stop the server npm started too, as
  // Ctrl-C in a terminal does.
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode} before it answered`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // npm may exit before the server it started has closed the database.
    while (groupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const stale = buildInputsNewerThanOutputs(root);
if (stale) {
  console.log(`building first (${stale})`);
  if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const floorScript = path.join(scratch, 'floor.mjs');
// The floor resolves @electric-sql/pglite from the project's node_modules, as the server does.
fs.writeFileSync(floorScript, FLOOR);
fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));

const existing = path.join(scratch, 'data');
console.log('first boot to create the data directory the other runs reuse…');
await timeToHealthy('node', ['dist/server/main.js'], existing);

const results = { npmStart: [] as number[], server: [] as number[], floor: [] as number[], firstBoot: [] as number[] };
for (let round = 0; round < rounds; round += 1) {
  results.npmStart.push(await timeToHealthy('npm', ['start', '--silent'], existing));
  results.server.push(await timeToHealthy('node', ['dist/server/main.js'], existing));
  results.floor.push(await timeToHealthy('node', [floorScript], existing));
  const empty = path.join(scratch, `empty-${round}`);
  results.firstBoot.push(await timeToHealthy('node', ['dist/server/main.js'], empty));
  fs.rmSync(empty, { recursive: true, force: true });
  process.stdout.write(`round ${round + 1}/${rounds} done\n`);
}

const floor = median(results.floor);
const row = (name: string, list: number[], goal?: number) => {
  const value = median(list);
  const verdict = goal === undefined ? '' : value <= goal ? `  (goal ≤ ${goal} ms: met)` : `  (goal ≤ ${goal} ms: NOT met)`;
  console.log(`${name.padEnd(44)} ${value.toFixed(0).padStart(6)} ms  ${(value / floor).toFixed(2)}× floor${verdict}`);
};
console.log(`\nmedians of ${rounds} rounds (${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)})`);
row('npm start, existing data directory', results.npmStart, 1000);
row('node dist/server/main.js, existing data', results.server);
row('floor: node + PGlite open + node:http', results.floor);
row('first boot, empty data directory (seed)', results.firstBoot, 3000);
fs.rmSync(scratch, { recursive: true, force: true });
