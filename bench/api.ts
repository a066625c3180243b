/**
 * The API under load, against its floor. Three requests, each as a signed-in user on PostgreSQL:
 *   read       GET /api/patients/{id}/vitals?limit=20   a patient's own data, with its audit event
 *   directory  GET /api/patients?page=1&pageSize=25     a doctor's patients, one event naming them
 *   write      PUT /api/notifications/{id}/read         a change and its audit event, one transaction
 * Each is sent to Caredeck (the built server, `node dist/server/main.js`) and to the floor
 * (bench/api-floor.ts: `node:http` + raw `pg`, the same statements and nothing else), with and
 * without the floor's audit insert, and to a constant JSON answer for the cost of HTTP alone.
 *
 * How it measures: both servers run at once, each in its own process on its own port; the rounds
 * alternate between them (Caredeck, floor, floor without audit, ..., then again), so that a change
 * of load on the shared machine hits each alike, and each figure is the median over the rounds.
 * A round is a closed loop: CONCURRENCY connections, each sending its next request when the last
 * answered, for ROUND_SECONDS. Then Caredeck alone at half its best rate (an open loop: requests
 * sent on a fixed schedule, latency counted from the scheduled time, so a stall is not hidden),
 * for the p99 at a load it is meant to carry. The statement count of one directory request is
 * read from the driver inside a Caredeck built in this process. Each closed round also reads the
 * CPU time the server process and the database's backends spent per answered request (Linux
 * /proc): on a machine shared with other work a rate moves with the neighbours' load, while CPU
 * time per request mostly does not, so it shows where a request's time goes and whether a change
 * made it cheaper.
 *
 *   npm run bench:api [-- --rounds 5 --seconds 5 --concurrency 32 --only read|directory|write --profile DIR --statements]
 *   (--profile writes a CPU profile of the Caredeck process to DIR, to open in Chrome's DevTools.)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where a database of
 *   its own is created for the run and dropped after.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { createDoctor, createPatient, Random } from '../src/server/db/factories';
import { applyMigrations } from '../src/server/db/migrate';
import { careAssignments, notifications, vitals } from '../src/server/db/schema';
import { SessionStore } from '../src/server/platform/session';
import { ADMIN_URL, databaseUrl, healthy, median, percentile, recordStatements, withAdmin, forkBuiltServer } from './bench-support';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    only: { type: 'string' },
    profile: { type: 'string' },
    statements: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(options.rounds);
const ROUND_SECONDS = Number(options.seconds);
const CONCURRENCY = Number(options.concurrency);
const ROOT = path.resolve(import.meta.dirname, '..');
const APP_PORT = 5391;
const FLOOR_PORT = 5392;

interface Fixture {
  patientId: string;
  patientCookie: string;
  patientCsrf: string;
  notificationId: string;
  doctorCookie: string;
}

/** A patient with 50 vitals and a notification, a doctor with 60 patients in care, signed in. */
async function prepare(url: string): Promise<Fixture> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    await applyMigrations(handle);
    const random = new Random(7);
    const db = handle.db;
    const { user: patient } = await createPatient(db, random);
    const { user: doctor } = await createDoctor(db, random);
    const now = Date.now();
    await db.insert(vitals).values(
      Array.from({ length: 50 }, (_, i) => ({
        patientId: patient.id,
        type: 'heart-rate' as const,
        value: 60 + (i % 20),
        unit: '/min',
        measuredAt: new Date(now - i * 86_400_000),
      })),
    );
    const [note] = await db
      .insert(notifications)
      .values({ userId: patient.id, type: 'system', title: 'Bench', message: 'Bench' })
      .returning({ id: notifications.id });
    for (let i = 0; i < 60; i += 1) {
      const { user } = await createPatient(db, random);
      await db.insert(careAssignments).values({ doctorId: doctor.id, patientId: user.id });
    }
    const sessions = new SessionStore(db);
    const forPatient = await sessions.create(patient.id, { ip: '127.0.0.1', userAgent: 'bench' });
    const forDoctor = await sessions.create(doctor.id, { ip: '127.0.0.1', userAgent: 'bench' });
    return {
      patientId: patient.id,
      patientCookie: `caredeck-session=${forPatient.token}`,
      patientCsrf: forPatient.session.csrfToken,
      notificationId: note!.id,
      doctorCookie: `caredeck-session=${forDoctor.token}`,
    };
  } finally {
    await handle.close();
  }
}

interface Target {
  name: string;
  port: number;
  /** The server process, for the CPU time it spends per request. */
  pid?: number;
  /** The bench's database, whose backends' CPU time is counted too. */
  database?: string;
  method: 'GET' | 'PUT';
  path: string;
  headers: http.OutgoingHttpHeaders;
  body?: string;
}

interface RoundResult {
  rps: number;
  /** CPU time (user and system) the server process spent per answered request, in ms; NaN when unknown. */
  cpuMs: number;
  /** CPU time the database's backends spent per answered request, in ms; NaN when unknown. */
  databaseCpuMs: number;
  latencies: number[];
  /** Answered 503: load shedding or a bounded wait said "not now", at once. */
  shed: number;
  /** Anything else that was not a 2xx, or no answer at all. */
  failures: number;
}

function sendOnce(agent: http.Agent, target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port: target.port, method: target.method, path: target.path, headers: target.headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

/**
 * CPU seconds a process has used so far (Linux; NaN elsewhere). Unlike a rate, CPU time per request
 * barely moves when other work on the machine takes the cores, so it shows a change on a busy host.
 */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, the 14th and 15th fields of the whole line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds used so far by the PostgreSQL backends serving the bench's database, by pid. Only one
 * server is driven at a time, so what they spend in a round is that server's queries' cost.
 */
let watcher: pg.Client | null = null;
async function databaseCpu(database: string): Promise<Map<number, number>> {
  const { rows } = await watcher!.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
}

function databaseCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** A closed loop: `concurrency` connections, each sending again as soon as it has its answer. */
async function closedLoop(target: Target, seconds: number, concurrency: number): Promise<RoundResult> {
  const databaseBefore = watcher ? await databaseCpu(target.database!) : null;
  const cpuBefore = cpuSeconds(target.pid);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let shed = 0;
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const status = await sendOnce(agent, target).catch(() => 0);
        if (status >= 200 && status < 300) latencies.push(performance.now() - start);
        else if (status === 503) shed += 1;
        else failures += 1;
      }
    }),
  );
  agent.destroy();
  const answered = Math.max(1, latencies.length);
  const cpuMs = ((cpuSeconds(target.pid) - cpuBefore) * 1000) / answered;
  const databaseCpuMs = databaseBefore ? (databaseCpuSince(databaseBefore, await databaseCpu(target.database!)) * 1000) / answered : NaN;
  return { rps: latencies.length / seconds, cpuMs, databaseCpuMs, latencies, shed, failures };
}

/** An open loop at `rate` per second: latency from when each request was due. */
async function openLoop(target: Target, seconds: number, rate: number): Promise<RoundResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let shed = 0;
  let failures = 0;
  const total = Math.floor(seconds * rate);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      sendOnce(agent, target).then(
        (status) => {
          if (status >= 200 && status < 300) latencies.push(performance.now() - due);
          else if (status === 503) shed += 1;
          else failures += 1;
        },
        () => {
          failures += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { rps: latencies.length / seconds, cpuMs: NaN, databaseCpuMs: NaN, latencies, shed, failures };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    console.log('building the server (dist/server/main.js is missing)…');
    spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  }
  const name = `caredeck_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = databaseUrl(name);
  const children: ChildProcess[] = [];
  try {
    const fixture = await prepare(url);
    const read = `/api/patients/${fixture.patientId}/vitals?limit=20`;
    const write = `/api/notifications/${fixture.notificationId}/read`;
    const json = { 'content-type': 'application/json', 'x-csrf-token': fixture.patientCsrf, cookie: fixture.patientCookie };
    const recorded = await recordStatements(url, [
      { name: 'read', method: 'GET', url: read, headers: { cookie: fixture.patientCookie } },
      { name: 'directory', method: 'GET', url: '/api/patients?page=1&pageSize=25', headers: { cookie: fixture.doctorCookie } },
      { name: 'write', method: 'PUT', url: write, headers: json, payload: '{}' },
    ]);
    const statements = new Map([...recorded].map(([probe, list]) => [probe, list.map((statement) => statement.text)]));

    const app = forkBuiltServer(url, APP_PORT, options.profile);
    const floor = fork(path.join(ROOT, 'bench/api-floor.ts'), [String(FLOOR_PORT), url], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(app, floor);
    await Promise.all([healthy(app, APP_PORT), new Promise<void>((resolve) => floor.once('message', () => resolve()))]);

    const scenarios: Array<{ name: string; targets: Target[] }> = [
      {
        name: 'read',
        targets: [
          { name: 'caredeck', port: APP_PORT, pid: app.pid, method: 'GET', path: read, headers: { cookie: fixture.patientCookie } },
          { name: 'floor', port: FLOOR_PORT, pid: floor.pid, method: 'GET', path: read, headers: { cookie: fixture.patientCookie } },
          {
            name: 'floor, no audit',
            port: FLOOR_PORT,
            pid: floor.pid,
            method: 'GET',
            path: `/no-audit${read}`,
            headers: { cookie: fixture.patientCookie },
          },
        ],
      },
      {
        name: 'directory',
        targets: [
          {
            name: 'caredeck',
            port: APP_PORT,
            pid: app.pid,
            method: 'GET',
            path: '/api/patients?page=1&pageSize=25',
            headers: { cookie: fixture.doctorCookie },
          },
          {
            name: 'floor',
            port: FLOOR_PORT,
            pid: floor.pid,
            method: 'GET',
            path: '/api/patients?page=1&pageSize=25',
            headers: { cookie: fixture.doctorCookie },
          },
        ],
      },
      {
        name: 'write',
        targets: [
          { name: 'caredeck', port: APP_PORT, pid: app.pid, method: 'PUT', path: write, headers: json, body: '{}' },
          { name: 'floor', port: FLOOR_PORT, pid: floor.pid, method: 'PUT', path: write, headers: json, body: '{}' },
        ],
      },
    ];
    const bare: Target = { name: 'bare node:http JSON', port: FLOOR_PORT, method: 'GET', path: '/bare', headers: {} };
    for (const target of scenarios.flatMap((scenario) => scenario.targets)) target.database = name;
    watcher = new pg.Client({ connectionString: ADMIN_URL });
    await watcher.connect();

    console.log(
      `bench:api — ${ROUNDS} rounds of ${ROUND_SECONDS} s per side, ${CONCURRENCY} connections, PostgreSQL ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}`,
    );
    for (const [name, texts] of statements) {
      console.log(`${name} request: ${texts.length} SQL statements${name === 'directory' ? ' (goal ≤ 5)' : ''}`);
      if (options.statements) for (const text of texts) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    console.log('');
    const bareRounds: number[] = [];
    for (const scenario of scenarios.filter((s) => !options.only || s.name === options.only)) {
      const rps = new Map<string, number[]>();
      const p50 = new Map<string, number[]>();
      const p99 = new Map<string, number[]>();
      const cpu = new Map<string, number[]>();
      const databaseCpuPerRequest = new Map<string, number[]>();
      const failures = new Map<string, number>();
      const shed = new Map<string, number>();
      // Round 0 warms up (JIT, pools, prepared statements) and is not counted.
      for (let round = 0; round <= ROUNDS; round += 1) {
        const order = round % 2 === 0 ? scenario.targets : [...scenario.targets].reverse();
        for (const target of order) {
          const result = await closedLoop(target, ROUND_SECONDS, CONCURRENCY);
          if (round === 0) continue;
          rps.set(target.name, [...(rps.get(target.name) ?? []), result.rps]);
          p50.set(target.name, [...(p50.get(target.name) ?? []), percentile(result.latencies, 50)]);
          p99.set(target.name, [...(p99.get(target.name) ?? []), percentile(result.latencies, 99)]);
          cpu.set(target.name, [...(cpu.get(target.name) ?? []), result.cpuMs]);
          databaseCpuPerRequest.set(target.name, [...(databaseCpuPerRequest.get(target.name) ?? []), result.databaseCpuMs]);
          failures.set(target.name, (failures.get(target.name) ?? 0) + result.failures);
          shed.set(target.name, (shed.get(target.name) ?? 0) + result.shed);
        }
        if (scenario.name === 'read' && round > 0) bareRounds.push((await closedLoop(bare, ROUND_SECONDS, CONCURRENCY)).rps);
      }
      console.log(`${scenario.name}`);
      for (const target of scenario.targets) {
        const r = median(rps.get(target.name)!);
        console.log(
          `  ${target.name.padEnd(17)} ${r.toFixed(0).padStart(6)} req/s   p50 ${median(p50.get(target.name)!).toFixed(1).padStart(6)} ms   p99 ${median(p99.get(target.name)!).toFixed(1).padStart(6)} ms   cpu ${median(cpu.get(target.name)!).toFixed(2).padStart(5)} + db ${median(databaseCpuPerRequest.get(target.name)!).toFixed(2).padStart(5)} ms/req   shed ${shed.get(target.name)}   failed ${failures.get(target.name)}`,
        );
      }
      const ratios = rps.get('caredeck')!.map((value, i) => value / rps.get('floor')![i]!);
      const goal = scenario.name === 'directory' ? 0.5 : 0.7;
      console.log(
        `  caredeck / floor: ${median(ratios).toFixed(2)} (goal ≥ ${goal}; per round ${ratios.map((x) => x.toFixed(2)).join(' ')})`,
      );
      if (scenario.name === 'read') {
        console.log(
          `  caredeck / bare node:http JSON: ${(median(rps.get('caredeck')!) / median(bareRounds)).toFixed(2)} (bare ${median(bareRounds).toFixed(0)} req/s)`,
        );
      }
      // p99 at half of Caredeck's best rate, in an open loop.
      const half = median(rps.get('caredeck')!) / 2;
      const steady = await openLoop(scenario.targets[0]!, Math.max(ROUND_SECONDS, 5), half);
      console.log(
        `  caredeck at ${half.toFixed(0)} req/s (half its best): p50 ${percentile(steady.latencies, 50).toFixed(1)} ms, p99 ${percentile(steady.latencies, 99).toFixed(1)} ms (goal ≤ 20 ms), shed ${steady.shed}, failed ${steady.failures}\n`,
      );
    }
  } finally {
    await watcher?.end();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
