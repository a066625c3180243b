/**
 * Times requests against their floor, for the benches whose floor replays Caredeck's own statements
 * (bench/chart.ts, bench/analytics.ts). The statements one request of each probe runs are recorded
 * from the driver, a bare `node:http` + raw `pg` server (bench/replay-floor.ts) replays them, and
 * the built Caredeck serves the real request. Both run at once, each in its own process; the rounds
 * alternate between them so a change of load on a shared machine hits both alike. A round is a
 * closed loop of `concurrency` connections for `seconds`; each figure is the median over the rounds.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { forkBuiltServer, healthy, median, percentile, recordStatements, type Probe, type RecordedStatement } from './bench-support';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface Comparison {
  /** The database both sides use. */
  url: string;
  probes: Probe[];
  appPort: number;
  floorPort: number;
  rounds: number;
  seconds: number;
  concurrency: number;
  /** The p95 each probe should stay under, printed beside it (none: no goal). */
  goalP95Ms: (probe: Probe) => number | undefined;
  /** Also list each request's statements with the median time each takes alone. */
  statements?: boolean;
  /** Write a CPU profile of the Caredeck process to this directory. */
  profileDir?: string;
}

/** Builds the server if `dist/server/main.js` is missing, so a bench can run on a fresh clone. */
export function ensureBuiltServer(): void {
  if (fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) return;
  console.log('building the server (dist/server/main.js is missing)…');
  spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
}

function sendOnce(agent: http.Agent, port: number, probe: Probe): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port, method: probe.method, path: probe.url, headers: probe.headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(probe.payload);
  });
}

async function closedLoop(
  port: number,
  probe: Probe,
  concurrency: number,
  seconds: number,
): Promise<{ latencies: number[]; failures: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const status = await sendOnce(agent, port, probe).catch(() => 0);
        if (status === 200) latencies.push(performance.now() - start);
        else failures += 1;
      }
    }),
  );
  agent.destroy();
  return { latencies, failures };
}

/** Each statement alone, five times in a row on one connection: the median, and the rows it returns. */
async function timeEach(url: string, statements: RecordedStatement[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < 5; i += 1) {
        const start = performance.now();
        rows = (await client.query(statement.text, statement.values)).rowCount ?? 0;
        times.push(performance.now() - start);
      }
      console.log(
        `    ${median(times).toFixed(2).padStart(7)} ms ${String(rows).padStart(5)} rows  ${statement.text.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Rejects when something already listens on `port`: a server left from an interrupted run would answer in our place. */
function ensureFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`port ${port} is in use (a server left from an earlier run?)`));
    });
    socket.once('error', () => resolve());
  });
}

/** Records the probes' statements, starts both servers, times every probe on both and prints the figures. */
export async function compareWithFloor(comparison: Comparison): Promise<void> {
  const { url, probes, rounds, seconds, concurrency } = comparison;
  await Promise.all([ensureFree(comparison.appPort), ensureFree(comparison.floorPort)]);
  const statements = await recordStatements(url, probes);
  const replay = path.join(fs.mkdtempSync(path.join(ROOT, 'node_modules/.bench-replay-')), 'statements.json');
  fs.writeFileSync(
    replay,
    JSON.stringify(Object.fromEntries(probes.map((probe) => [probe.url + '|' + (probe.headers.cookie ?? ''), statements.get(probe.name)]))),
  );
  const children: ChildProcess[] = [];
  try {
    const app = forkBuiltServer(url, comparison.appPort, comparison.profileDir);
    const floor = fork(path.join(ROOT, 'bench/replay-floor.ts'), [String(comparison.floorPort), url, replay], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(app, floor);
    await Promise.all([healthy(app, comparison.appPort), new Promise<void>((resolve) => floor.once('message', () => resolve()))]);
    for (const probe of probes) {
      const sides = { caredeck: comparison.appPort, floor: comparison.floorPort };
      const p50 = { caredeck: [] as number[], floor: [] as number[] };
      const p95 = { caredeck: [] as number[], floor: [] as number[] };
      const rate = { caredeck: [] as number[], floor: [] as number[] };
      let failures = 0;
      // Round 0 warms up (JIT, pools, prepared statements) and is not counted.
      for (let round = 0; round <= rounds; round += 1) {
        const order = (round % 2 === 0 ? ['caredeck', 'floor'] : ['floor', 'caredeck']) as Array<keyof typeof sides>;
        for (const side of order) {
          const result = await closedLoop(sides[side], probe, concurrency, seconds);
          if (round === 0) continue;
          failures += result.failures;
          p50[side].push(percentile(result.latencies, 50));
          p95[side].push(percentile(result.latencies, 95));
          rate[side].push(result.latencies.length / seconds);
        }
      }
      const recordedStatements = statements.get(probe.name)!;
      console.log(`${probe.name} (${recordedStatements.length} SQL statements)`);
      if (comparison.statements) await timeEach(url, recordedStatements);
      for (const side of ['caredeck', 'floor'] as const) {
        console.log(
          `  ${side.padEnd(9)} p50 ${median(p50[side]).toFixed(1).padStart(6)} ms   p95 ${median(p95[side]).toFixed(1).padStart(6)} ms   ${median(rate[side]).toFixed(0).padStart(5)} req/s`,
        );
      }
      const ratios = p95.caredeck.map((value, i) => value / p95.floor[i]!);
      const goal = comparison.goalP95Ms(probe);
      console.log(
        `  caredeck p95 / floor p95: ${median(ratios).toFixed(2)}${goal === undefined ? '' : ` (goal p95 ≤ ${goal} ms)`}; failed ${failures}\n`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(path.dirname(replay), { recursive: true, force: true });
  }
}
