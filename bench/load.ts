/**
 * A clinic's busy morning: two instances on PostgreSQL + Redis, N signed-in patients each acting
 * every 1–3 s (read their dashboard, list a doctor's free slots, book one, cancel it), with the live
 * pushes of their changes arriving on the other instance's WebSocket. Then it checks in the
 * database that every write the server confirmed is there, that no slot is booked twice, and that
 * every expected push arrived; and prints req/s, p50/p95/p99 per route, timeouts, 503s and pushes.
 *
 *   npm run bench:load -- --patients 50 --minutes 1 [--doctors 30] [--no-build] [--keep-db]
 *
 * How it runs: the server is built (`npm run build:server`) and started twice from
 * dist/server/main.js on PORT and PORT+1 (BENCH_PORT, default 5083), on a database of its own
 * created under BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
 * dropped after unless --keep-db, with REDIS_URL (BENCH_REDIS_URL, default redis://127.0.0.1:6379)
 * and TRUST_PROXY off. Doctors and their weekly hours are written with the factories; patients
 * register and sign in through the API. Each patient is one browser: one keep-alive connection from
 * its own loopback source address (five patients per address, 127.R.x.y with R chosen per run, so
 * the per-address limits hold and a second run does not meet the first one's counters), writing to
 * one instance and holding its WebSocket on the other. A request unanswered after 10 s counts as a
 * timeout. The instances log at `warn` into the run's folder (printed at the end); lines at `error`
 * or above are counted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { WebSocket } from 'ws';
import { MAINTENANCE_LIMITS, openDatabase } from '../src/server/db/client';
import { createDoctor, Random } from '../src/server/db/factories';

const { values: options } = parseArgs({
  options: {
    patients: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '1' },
    doctors: { type: 'string', default: '30' },
    'no-build': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
  },
});
const PATIENTS = Number(options.patients);
const MINUTES = Number(options.minutes);
const DOCTORS = Number(options.doctors);
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE_PORT = Number(process.env.BENCH_PORT ?? 5083);
const PORTS = [BASE_PORT, BASE_PORT + 1];
const PUBLIC_URL = `http://localhost:${BASE_PORT}`;
const CLIENT_TIMEOUT_MS = 10_000;
const PATIENTS_PER_ADDRESS = 5;
const SETUP_CONCURRENCY = 16;
const RUN = randomBytes(4).toString('hex');
const LOG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), `caredeck-load-${RUN}-`));

// ---------- HTTP as one browser per patient ----------

interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

class Browser {
  readonly agent: http.Agent;
  private readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly localAddress: string,
    readonly port: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  request(method: string, url: string, body?: unknown, port = this.port): Promise<Answer | 'timeout' | 'error'> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const cookie = this.cookieHeader;
    if (cookie) headers.cookie = cookie;
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (value: Answer | 'timeout' | 'error') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          for (const line of [res.headers['set-cookie'] ?? []].flat()) {
            const [pair] = line.split(';');
            const at = pair!.indexOf('=');
            const name = pair!.slice(0, at);
            const value = pair!.slice(at + 1);
            if (value === '') this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          finish({ status: res.statusCode ?? 0, body: parsed, headers: res.headers, ms: performance.now() - started });
        });
        res.on('error', () => finish('error'));
      });
      const timer = setTimeout(() => {
        req.destroy();
        finish('timeout');
      }, CLIENT_TIMEOUT_MS);
      req.on('error', () => finish('error'));
      req.end(payload);
    });
  }
}

// ---------- what is measured ----------

interface RouteStats {
  latencies: number[];
  statuses: Map<number, number>;
  timeouts: number;
  errors: number;
}
const stats = new Map<string, RouteStats>();
let measuring = false;

function record(route: string, outcome: Answer | 'timeout' | 'error'): void {
  if (!measuring) return;
  let entry = stats.get(route);
  if (!entry) {
    entry = { latencies: [], statuses: new Map(), timeouts: 0, errors: 0 };
    stats.set(route, entry);
  }
  if (outcome === 'timeout') entry.timeouts += 1;
  else if (outcome === 'error') entry.errors += 1;
  else {
    entry.latencies.push(outcome.ms);
    entry.statuses.set(outcome.status, (entry.statuses.get(outcome.status) ?? 0) + 1);
    (outcome.status === 503 ? shedLatencies : servedLatencies).push(outcome.ms);
  }
}
/** Every answer's latency: the ones served (any status but 503) and the 503s alone. */
const servedLatencies: number[] = [];
const shedLatencies: number[] = [];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// ---------- the patients ----------

interface Patient {
  index: number;
  email: string;
  userId?: string;
  browser: Browser;
  /** The instance holding this patient's WebSocket: the other one. */
  pushPort: number;
  socket?: WebSocket;
  slots: { doctorId: string; startsAt: string }[];
  booked: string[];
  step: number;
}

/** Confirmed by the server (2xx): what the database must hold afterwards. */
const confirmed = { booked: new Set<string>(), cancelled: new Set<string>() };
/** appointmentId:action pairs whose push the patient's socket on the other instance must receive. */
const expectedPushes = new Set<string>();
const receivedPushes = new Set<string>();
let conflicts = 0;

function addressOf(index: number): string {
  const slot = Math.floor(index / PATIENTS_PER_ADDRESS);
  const second = 10 + (Number.parseInt(RUN.slice(0, 2), 16) % 200);
  return `127.${second}.${Math.floor(slot / 250)}.${(slot % 250) + 1}`;
}

function registration(index: number) {
  return {
    firstName: 'Load',
    lastName: `Patient${index}`,
    email: `load.${RUN}.${index}@bench.test`,
    password: 'Harbour-Lights#42',
    phone: '+1 555 010 2233',
    dateOfBirth: '1988-04-17',
    gender: 'female',
    address: '12 Elm Street, Springfield, IL 62701',
  };
}

/** Like the web app: a busy answer (503) is tried again after its Retry-After, a few times. */
async function patiently(browser: Browser, method: string, url: string, expected: number, body?: unknown): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await browser.request(method, url, body);
    if (typeof answer !== 'string' && answer.status === expected) return answer;
    const busy = typeof answer !== 'string' && answer.status === 503;
    if (!busy || attempt >= 8) throw new Error(`${method} ${url}: ${describe(answer)}`);
    await delay(Number(answer.headers['retry-after'] ?? 2) * 1000);
  }
}

async function signUp(patient: Patient): Promise<void> {
  const { browser } = patient;
  const token = await patiently(browser, 'GET', '/api/csrf-token', 200);
  browser.csrf = (token.body as { csrfToken: string }).csrfToken;
  // 202: registration answers alike whether or not the address had an account (no enumeration).
  await patiently(browser, 'POST', '/api/patients/register', 202, registration(patient.index));
  const login = await patiently(browser, 'POST', '/api/auth/login', 200, { email: patient.email, password: 'Harbour-Lights#42' });
  patient.userId = (login.body as { user: { id: string } }).user.id;
  const session = await patiently(browser, 'GET', '/api/csrf-token', 200);
  browser.csrf = (session.body as { csrfToken: string }).csrfToken;
  patient.socket = await new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${patient.pushPort}/ws`, {
      origin: PUBLIC_URL,
      headers: { cookie: browser.cookieHeader },
      localAddress: browser.localAddress,
      perMessageDeflate: false,
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('message', (data) => onPush(data.toString()));
  });
}

function describe(outcome: Answer | 'timeout' | 'error'): string {
  return typeof outcome === 'string' ? outcome : `${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
}

function onPush(text: string): void {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  const stack = [message];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    const object = value as Record<string, unknown>;
    if (object.type === 'appointment_update' && typeof object.appointmentId === 'string') {
      receivedPushes.add(`${object.appointmentId}:${String(object.action)}`);
      return;
    }
    stack.push(...Object.values(object));
  }
}

const doctorIds: string[] = [];

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function act(patient: Patient): Promise<void> {
  const { browser } = patient;
  const step = patient.step++ % 4;
  if (step === 0 || (step === 3 && patient.booked.length === 0) || (step === 2 && patient.slots.length === 0)) {
    record('GET /api/appointments', await browser.request('GET', '/api/appointments?when=upcoming&pageSize=10'));
    record('GET /api/notifications', await browser.request('GET', `/api/notifications?userId=${patient.userId}&limit=10`));
    return;
  }
  if (step === 1) {
    const doctorId = doctorIds[randomInt(doctorIds.length)]!;
    const from = randomInt(1, 60);
    const answer = await browser.request(
      'GET',
      `/api/doctors/${doctorId}/slots?from=${isoDate(from)}&to=${isoDate(from + 6)}&timeZone=UTC`,
    );
    record('GET /api/doctors/:id/slots', answer);
    if (typeof answer !== 'string' && answer.status === 200) {
      patient.slots = (answer.body as { data: { startsAt: string }[] }).data.map((slot) => ({ doctorId, startsAt: slot.startsAt }));
    }
    return;
  }
  if (step === 2) {
    const slot = patient.slots.splice(randomInt(patient.slots.length), 1)[0]!;
    const startsAt = new Date(slot.startsAt).toISOString();
    const answer = await browser.request('POST', '/api/appointments', {
      doctorId: slot.doctorId,
      date: startsAt.slice(0, 10),
      time: startsAt.slice(11, 16),
      timeZone: 'UTC',
      type: 'video',
      reason: 'Load test check-up',
    });
    record('POST /api/appointments', answer);
    if (typeof answer !== 'string' && answer.status === 201) {
      const id = (answer.body as { data: { id: string } }).data.id;
      patient.booked.push(id);
      confirmed.booked.add(id);
      expectedPushes.add(`${id}:created`);
    } else if (typeof answer !== 'string' && answer.status === 409) conflicts += 1;
    return;
  }
  const id = patient.booked.shift()!;
  const answer = await browser.request('POST', `/api/appointments/${id}/cancel`, {});
  record('POST /api/appointments/:id/cancel', answer);
  if (typeof answer !== 'string' && answer.status === 200) {
    confirmed.cancelled.add(id);
    expectedPushes.add(`${id}:cancelled`);
  }
}

let stopping = false;

async function live(patient: Patient, until: number): Promise<void> {
  // Spread the first actions over the first 3 s so the crowd does not start in step.
  await delay(randomInt(3000));
  while (!stopping && performance.now() < until) {
    await act(patient);
    await delay(1000 + randomInt(2000));
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------- the instances ----------

function startInstance(port: number, databaseUrl: string): ChildProcess {
  const log = fs.openSync(path.join(LOG_DIR, `instance-${port}.log`), 'a');
  return spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PUBLIC_URL,
      TRUST_PROXY: 'false',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      WEB_ROOT: path.join(LOG_DIR, 'no-web-root'),
    },
    stdio: ['ignore', log, log],
  });
}

async function waitReady(port: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await new Promise<number>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
      req.setTimeout(2000, () => req.destroy());
    });
    if (status === 200) return;
    await delay(250);
  }
  throw new Error(`instance on ${port} not ready after ${timeoutMs} ms (logs in ${LOG_DIR})`);
}

async function readyz(port: number): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

function errorLines(): string[] {
  const lines: string[] = [];
  for (const file of fs.readdirSync(LOG_DIR).filter((name) => name.endsWith('.log'))) {
    for (const line of fs.readFileSync(path.join(LOG_DIR, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        if ((JSON.parse(line) as { level?: number }).level! >= 50) lines.push(line);
      } catch {
        lines.push(line);
      }
    }
  }
  return lines;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<number> {
  let failures = 0;
  let next = 0;
  const workers = Array.from({ length: size }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failures += 1;
        if (failures <= 5) process.stderr.write(`setup: ${(error as Error).message}\n`);
      }
    }
  });
  await Promise.all(workers);
  return failures;
}

// ---------- the run ----------

async function main(): Promise<void> {
  if (!options['no-build']) {
    const built = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build:server failed');
  }
  const name = `caredeck_load_${RUN}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const instances: ChildProcess[] = [];
  try {
    console.log(`run ${RUN}: ${PATIENTS} patients, ${MINUTES} min, ${DOCTORS} doctors; database ${name}; logs in ${LOG_DIR}`);
    instances.push(startInstance(PORTS[0]!, databaseUrl));
    await waitReady(PORTS[0]!);
    instances.push(startInstance(PORTS[1]!, databaseUrl));

    const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', limits: MAINTENANCE_LIMITS });
    const random = new Random(Number.parseInt(RUN, 16));
    for (let i = 0; i < DOCTORS; i += 1) doctorIds.push((await createDoctor(handle.db, random)).user.id);
    await waitReady(PORTS[1]!);

    const patients: Patient[] = Array.from({ length: PATIENTS }, (_, index) => ({
      index,
      email: `load.${RUN}.${index}@bench.test`,
      browser: new Browser(addressOf(index), PORTS[index % 2]!),
      pushPort: PORTS[(index + 1) % 2]!,
      slots: [],
      booked: [],
      step: 0,
    }));
    const setupStarted = performance.now();
    const failed = await inBatches(patients, SETUP_CONCURRENCY, signUp);
    const ready = patients.filter((patient) => patient.socket);
    console.log(
      `registered and signed in ${ready.length}/${PATIENTS} patients in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s` +
        (failed ? ` (${failed} failed)` : ''),
    );
    // A run whose patients could not sign up would measure nothing and look fine: stop here instead.
    if (ready.length === 0) throw new Error('no patient could register and sign in; see the setup lines above');

    measuring = true;
    const started = performance.now();
    const until = started + MINUTES * 60_000;
    await Promise.all(ready.map((patient) => live(patient, until)));
    stopping = true;
    const elapsed = (performance.now() - started) / 1000;
    measuring = false;

    // Load is over: the instances must be ready again by themselves.
    const recovery = performance.now();
    let readyAfter: number | null = null;
    while (performance.now() - recovery < 30_000) {
      const statuses = await Promise.all(PORTS.map(readyz));
      if (statuses.every((status) => status === 200)) {
        readyAfter = (performance.now() - recovery) / 1000;
        break;
      }
      await delay(250);
    }
    // Pushes still on their way.
    const pushDeadline = performance.now() + 10_000;
    while (performance.now() < pushDeadline && [...expectedPushes].some((key) => !receivedPushes.has(key))) await delay(200);

    // ---------- the database's account ----------
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const ids = [...confirmed.booked];
    const rows = ids.length
      ? (await client.query<{ id: string; status: string }>('select id, status from appointments where id = any($1::uuid[])', [ids])).rows
      : [];
    const found = new Map(rows.map((row) => [row.id, row.status]));
    const missing = ids.filter((id) => !found.has(id));
    const notCancelled = [...confirmed.cancelled].filter((id) => found.get(id) !== 'cancelled');
    const doubles = (
      await client.query<{ n: string }>(
        "select count(*) as n from (select doctor_id, starts_at from appointments where status <> 'cancelled' group by 1, 2 having count(*) > 1) d",
      )
    ).rows[0]!.n;
    await client.end();
    await handle.close();
    const lostPushes = [...expectedPushes].filter((key) => !receivedPushes.has(key));

    // ---------- report ----------
    let total = 0;
    let timeouts = 0;
    let busy = 0;
    let errors = 0;
    console.log('');
    console.log(
      `${'route'.padEnd(34)} ${'req'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'503'.padStart(6)} ${'t/o'.padStart(5)} statuses`,
    );
    for (const [route, entry] of [...stats].sort()) {
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      const count = sorted.length + entry.timeouts + entry.errors;
      total += count;
      timeouts += entry.timeouts;
      errors += entry.errors;
      const shed = entry.statuses.get(503) ?? 0;
      busy += shed;
      const statuses = [...entry.statuses].sort(([a], [b]) => a - b);
      console.log(
        `${route.padEnd(34)} ${String(count).padStart(7)} ${(count / elapsed).toFixed(1).padStart(7)} ${fmt(percentile(sorted, 50))} ${fmt(percentile(sorted, 95))} ${fmt(percentile(sorted, 99))} ${String(shed).padStart(6)} ${String(entry.timeouts).padStart(5)} ${statuses.map(([s, n]) => `${s}:${n}`).join(' ')}`,
      );
    }
    const served = [...servedLatencies].sort((x, y) => x - y);
    const shed = [...shedLatencies].sort((x, y) => x - y);
    const errorLog = errorLines();
    console.log('');
    console.log(`requests     ${total} in ${elapsed.toFixed(0)} s = ${(total / elapsed).toFixed(1)} req/s over both instances`);
    console.log(
      `served       ${served.length}: p50 ${fmt(percentile(served, 50))} p95 ${fmt(percentile(served, 95))} p99 ${fmt(percentile(served, 99))} ms`,
    );
    console.log(
      `shed (503)   ${busy}: p50 ${fmt(percentile(shed, 50))} p99 ${fmt(percentile(shed, 99))} ms   (${((100 * busy) / Math.max(1, total)).toFixed(1)}%)`,
    );
    console.log(`timeouts     ${timeouts} (no answer in ${CLIENT_TIMEOUT_MS / 1000} s); connection errors ${errors}`);
    console.log(
      `bookings     ${confirmed.booked.size} confirmed, ${conflicts} refused as taken (409); cancels ${confirmed.cancelled.size} confirmed`,
    );
    console.log(
      `database     ${missing.length} confirmed bookings missing, ${notCancelled.length} confirmed cancels not applied, ${doubles} slots booked twice`,
    );
    console.log(`pushes       ${expectedPushes.size - lostPushes.length}/${expectedPushes.size} arrived on the other instance's socket`);
    console.log(
      `recovery     /readyz 200 on both instances ${readyAfter === null ? 'NOT within 30 s' : `${readyAfter.toFixed(1)} s after the load stopped`}`,
    );
    console.log(
      `log          ${errorLog.length} lines at error or above${errorLog.length ? `; first: ${errorLog[0]!.slice(0, 300)}` : ''}`,
    );
    for (const patient of patients) {
      patient.socket?.close();
      patient.browser.agent.destroy();
    }
  } finally {
    for (const instance of instances) instance.kill('SIGTERM');
    await Promise.all(
      instances.map((instance) => new Promise((resolve) => (instance.exitCode !== null ? resolve(null) : instance.once('exit', resolve)))),
    );
    if (!options['keep-db']) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function fmt(ms: number): string {
  return (Number.isNaN(ms) ? '-' : ms.toFixed(0)).padStart(7);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
