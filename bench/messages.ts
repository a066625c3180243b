/**
 * Secure-message delivery across two instances, against its floor, on PostgreSQL and Redis:
 * N conversations (default 1,000), each between a patient and a doctor, both signed in with a real
 * session and each with an open /ws socket, the patient's on instance A and the doctor's on
 * instance B. Every patient sends a message at a steady rate (one every --interval ms, the starts
 * spread over the interval) through POST /api/conversations/{id}/messages on A; the time measured is
 * from the send to the new_message frame's arrival on the doctor's socket on B (the event goes
 * through the outbox after commit, Redis, and B's realtime layer). Goal: p99 ≤ 100 ms.
 *
 * The floor is the same work without Caredeck (bench/messages-floor.ts, two processes): a bare
 * `node:http` + `ws` relay that INSERTs the message row over raw `pg` and PUBLISHes it on Redis to
 * the other process, which writes it to the recipient's socket. The ratio is Caredeck's overhead:
 * sessions, CSRF, rate limits, scoping, the audit event, the outbox, the e-mail notice's check.
 *
 * How it measures: both pairs run at once, each server in its own process, with all sockets open;
 * the rounds alternate between the sides (Caredeck then floor, then floor then Caredeck, …), so a
 * change of load on a shared machine hits both alike. Round 0 of each side warms up and is not
 * counted; each figure is the median over the counted rounds. The clients (sockets and senders) run
 * in this process, on one clock. Memory: each server's resident set (RSS) once idle and listening,
 * and again with its sockets open after the warm-up round; the growth divided by the conversations
 * (one socket each per instance) is the memory per open conversation and socket.
 *
 * The patients' sending budget (20 messages a minute each) bounds the rate: keep --interval at
 * 3,000 ms or more.
 *
 *   npm run bench:messages [-- --conversations 1000 --rounds 5 --seconds 8 --interval 4000 --profile DIR]
 *   (--profile writes a CPU profile of each Caredeck instance to DIR, to open in Chrome's DevTools.)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where a database of
 *   its own is created for the run and dropped after. BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { openDatabase } from '../src/server/db/client';
import { FIRST_NAMES, LAST_NAMES } from '../src/server/db/factories';
import { applyMigrations } from '../src/server/db/migrate';
import { sessions } from '../src/server/db/schema';
import { sessionCookieName } from '../src/server/platform/session';
import { hashToken, randomToken } from '../src/server/platform/tokens';
import { ADMIN_URL, databaseUrl, forkBuiltServer, healthy, median, percentile, withAdmin } from './bench-support';

const { values: options } = parseArgs({
  options: {
    conversations: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '8' },
    interval: { type: 'string', default: '4000' },
    profile: { type: 'string' },
  },
});
const CONVERSATIONS = Number(options.conversations);
const ROUNDS = Number(options.rounds);
const ROUND_MS = Number(options.seconds) * 1000;
const INTERVAL_MS = Number(options.interval);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = path.resolve(import.meta.dirname, '..');
const PORTS = { appA: 5395, appB: 5396, floorA: 5397, floorB: 5398 };
const PUBLIC_URL = `http://127.0.0.1:${PORTS.appA}`;
const GOAL_P99_MS = 100;
/** How long a round waits for the last frames after its last send. */
const DRAIN_MS = 5_000;

interface Pair {
  conversationId: string;
  patientId: string;
  doctorId: string;
  patientCookie: string;
  patientCsrf: string;
  doctorCookie: string;
}

/** N patients and N doctors in bulk (names from the factories' lists), each pair in care and in one conversation, all signed in. */
async function prepare(url: string): Promise<Pair[]> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', limits: { statementTimeoutMs: 600_000 } });
  try {
    await applyMigrations(handle);
    const q = (text: string, values?: unknown[]) => handle.query(text, values);
    const people = (role: 'patient' | 'doctor') =>
      q(
        `insert into users (id, email, first_name, last_name, role)
         select gen_random_uuid(), $5 || g || '@bench.local', ($1::text[])[1 + g % $2], ($3::text[])[1 + (g / $2) % $4], $5
         from generate_series(1, ${CONVERSATIONS}) g returning id`,
        [FIRST_NAMES, FIRST_NAMES.length, LAST_NAMES, LAST_NAMES.length, role],
      );
    const patients = (await people('patient')).rows.map((row) => String(row.id));
    const doctors = (await people('doctor')).rows.map((row) => String(row.id));
    await q(`insert into patient_profiles (user_id) select id from users where role = 'patient'`);
    await q(`insert into care_assignments (doctor_id, patient_id) select unnest($1::uuid[]), unnest($2::uuid[])`, [doctors, patients]);
    const conversations = (
      await q(
        `insert into conversations (subject, patient_id, created_by)
         select 'Bench conversation', p, p from unnest($1::uuid[]) with ordinality as t(p, n) order by n returning id`,
        [patients],
      )
    ).rows.map((row) => String(row.id));
    await q(
      `insert into conversation_participants (conversation_id, user_id)
       select c, u from unnest($1::uuid[], $2::uuid[]) as t(c, u)
       union all select c, u from unnest($1::uuid[], $3::uuid[]) as t(c, u)`,
      [conversations, patients, doctors],
    );
    await q('analyze');
    const cookieName = sessionCookieName(false);
    const now = Date.now();
    const signIn = async (userIds: string[]) => {
      const tokens = userIds.map(() => ({ token: randomToken(), csrf: randomToken() }));
      for (let i = 0; i < userIds.length; i += 1000) {
        await handle.db.insert(sessions).values(
          userIds.slice(i, i + 1000).map((userId, j) => ({
            userId,
            tokenHash: hashToken(tokens[i + j]!.token),
            csrfToken: tokens[i + j]!.csrf,
            idleExpiresAt: new Date(now + 4 * 3600_000),
            absoluteExpiresAt: new Date(now + 4 * 3600_000),
          })),
        );
      }
      return tokens.map(({ token, csrf }) => ({ cookie: `${cookieName}=${token}`, csrf }));
    };
    const patientSessions = await signIn(patients);
    const doctorSessions = await signIn(doctors);
    return conversations.map((conversationId, i) => ({
      conversationId,
      patientId: patients[i]!,
      doctorId: doctors[i]!,
      patientCookie: patientSessions[i]!.cookie,
      patientCsrf: patientSessions[i]!.csrf,
      doctorCookie: doctorSessions[i]!.cookie,
    }));
  } finally {
    await handle.close();
  }
}

type Side = 'caredeck' | 'floor';

/** When each conversation's message in flight was sent (one at a time: the interval is far above the latency). */
const inFlight: Record<Side, Map<string, number>> = { caredeck: new Map(), floor: new Map() };
let collecting: { side: Side; latencies: number[] } | null = null;

function onFrame(side: Side, data: WebSocket.RawData): void {
  const now = performance.now();
  const frame = JSON.parse(data.toString()) as { type?: string; conversationId?: string };
  if (frame.type !== 'new_message' || !frame.conversationId) return;
  const sentAt = inFlight[side].get(frame.conversationId);
  if (sentAt === undefined) return;
  inFlight[side].delete(frame.conversationId);
  if (collecting?.side === side) collecting.latencies.push(now - sentAt);
}

function open(side: Side, url: string, cookie: string | null): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin: PUBLIC_URL, headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('message', (data) => onFrame(side, data));
  });
}

/** Opens the sockets a hundred handshakes at a time, as a crowd of browsers arriving would. */
async function openAll(side: Side, urls: Array<{ url: string; cookie: string | null }>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 100) {
    sockets.push(...(await Promise.all(urls.slice(i, i + 100).map((target) => open(side, target.url, target.cookie)))));
  }
  return sockets;
}

function post(agent: http.Agent, port: number, pathname: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: pathname,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** One round of one side: every conversation sends every INTERVAL_MS for ROUND_MS; then the last frames are waited for. */
async function round(side: Side, pairs: Pair[], agent: http.Agent, number: number) {
  const latencies: number[] = [];
  collecting = { side, latencies };
  inFlight[side].clear();
  let sent = 0;
  let refused = 0;
  const statuses = new Map<number, number>();
  const start = performance.now();
  const sends: Array<Promise<void>> = [];
  await new Promise<void>((resolve) => {
    let pending = pairs.length;
    pairs.forEach((pair, i) => {
      const offset = (i / pairs.length) * INTERVAL_MS;
      const tick = () => {
        if (performance.now() - start >= ROUND_MS) {
          pending -= 1;
          if (pending === 0) resolve();
          return;
        }
        const body = JSON.stringify({ body: `Bench message ${number}.${sent}` });
        sent += 1;
        inFlight[side].set(pair.conversationId, performance.now());
        const status =
          side === 'caredeck'
            ? post(
                agent,
                PORTS.appA,
                `/api/conversations/${pair.conversationId}/messages`,
                { cookie: pair.patientCookie, 'x-csrf-token': pair.patientCsrf },
                body,
              )
            : post(agent, PORTS.floorA, `/send?conversation=${pair.conversationId}&from=${pair.patientId}&to=${pair.doctorId}`, {}, body);
        sends.push(
          status.then((code) => {
            if (code !== 201) {
              refused += 1;
              statuses.set(code, (statuses.get(code) ?? 0) + 1);
              inFlight[side].delete(pair.conversationId);
            }
          }),
        );
        setTimeout(tick, INTERVAL_MS);
      };
      setTimeout(tick, offset);
    });
  });
  await Promise.all(sends);
  const drainEnd = performance.now() + DRAIN_MS;
  while (inFlight[side].size > 0 && performance.now() < drainEnd) await new Promise((resolve) => setTimeout(resolve, 20));
  const lost = inFlight[side].size;
  collecting = null;
  return { latencies, sent, refused, lost, statuses };
}

/** A process's resident set, from /proc (the kernel's view: heap, code, buffers, everything). */
function rssOf(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
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
  const sockets: WebSocket[] = [];
  try {
    const prepared = performance.now();
    const pairs = await prepare(url);
    const env = { REDIS_URL, PUBLIC_URL };
    const appA = forkBuiltServer(url, PORTS.appA, options.profile, env);
    const appB = forkBuiltServer(url, PORTS.appB, options.profile, env);
    const floorOf = (port: number) =>
      fork(path.join(ROOT, 'bench/messages-floor.ts'), [String(port), url, REDIS_URL], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    const floorA = floorOf(PORTS.floorA);
    const floorB = floorOf(PORTS.floorB);
    children.push(appA, appB, floorA, floorB);
    const ready = (child: ChildProcess) => new Promise<void>((resolve) => child.once('message', () => resolve()));
    await Promise.all([healthy(appA, PORTS.appA), healthy(appB, PORTS.appB), ready(floorA), ready(floorB)]);
    // Idle: listening, the first second's jobs started, no socket yet.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = new Map(children.map((child) => [child, rssOf(child)]));

    const ws = (port: number) => `ws://127.0.0.1:${port}/ws`;
    sockets.push(
      ...(await openAll(
        'caredeck',
        pairs.flatMap((pair) => [
          { url: ws(PORTS.appA), cookie: pair.patientCookie },
          { url: ws(PORTS.appB), cookie: pair.doctorCookie },
        ]),
      )),
      ...(await openAll(
        'floor',
        pairs.flatMap((pair) => [
          { url: `${ws(PORTS.floorA)}?user=${pair.patientId}`, cookie: null },
          { url: `${ws(PORTS.floorB)}?user=${pair.doctorId}`, cookie: null },
        ]),
      )),
    );
    console.log(
      `bench:messages — ${CONVERSATIONS.toLocaleString('en')} conversations (prepared in ${((performance.now() - prepared) / 1000).toFixed(0)} s), ` +
        `${sockets.length.toLocaleString('en')} sockets over 4 servers; ` +
        `one message per conversation every ${INTERVAL_MS} ms (${((CONVERSATIONS * 1000) / INTERVAL_MS).toFixed(0)} messages/s)`,
    );
    console.log(
      `${ROUNDS} rounds of ${ROUND_MS / 1000} s per side, PostgreSQL ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}, Redis ${REDIS_URL}\n`,
    );

    const agents = {
      caredeck: new http.Agent({ keepAlive: true, maxSockets: 64 }),
      floor: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    };
    const figures = {
      caredeck: { p50: [] as number[], p95: [] as number[], p99: [] as number[], worst: 0 },
      floor: { p50: [] as number[], p95: [] as number[], p99: [] as number[], worst: 0 },
    };
    const ratios: number[] = [];
    const totals = { caredeck: { sent: 0, refused: 0, lost: 0 }, floor: { sent: 0, refused: 0, lost: 0 } };
    const refusals = { caredeck: new Map<number, number>(), floor: new Map<number, number>() };
    let loaded: Map<ChildProcess, number> | null = null;
    for (let number = 0; number <= ROUNDS; number += 1) {
      const order: Side[] = number % 2 === 0 ? ['caredeck', 'floor'] : ['floor', 'caredeck'];
      const p99: Partial<Record<Side, number>> = {};
      for (const side of order) {
        const result = await round(side, pairs, agents[side], number);
        if (number === 0) continue;
        totals[side].sent += result.sent;
        totals[side].refused += result.refused;
        totals[side].lost += result.lost;
        for (const [code, n] of result.statuses) refusals[side].set(code, (refusals[side].get(code) ?? 0) + n);
        figures[side].p50.push(percentile(result.latencies, 50));
        figures[side].p95.push(percentile(result.latencies, 95));
        p99[side] = percentile(result.latencies, 99);
        figures[side].p99.push(p99[side]);
        figures[side].worst = Math.max(figures[side].worst, p99[side]);
      }
      if (number === 0) loaded = new Map(children.map((child) => [child, rssOf(child)]));
      else ratios.push(p99.caredeck! / p99.floor!);
    }

    const perSocket = (a: ChildProcess, b: ChildProcess) =>
      ((loaded!.get(a)! - idle.get(a)! + (loaded!.get(b)! - idle.get(b)!)) / 2 / CONVERSATIONS / 1024).toFixed(1);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const row = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(10) : cell.padStart(10))).join(' '));
    row(['', 'p50 ms', 'p95 ms', 'p99 ms', 'worst p99', 'sent', 'refused', 'lost', 'idle RSS', 'KB/conv']);
    for (const [side, a, b] of [
      ['caredeck', appA, appB],
      ['floor', floorA, floorB],
    ] as const) {
      row([
        side,
        median(figures[side].p50).toFixed(1),
        median(figures[side].p95).toFixed(1),
        median(figures[side].p99).toFixed(1),
        figures[side].worst.toFixed(1),
        String(totals[side].sent),
        String(totals[side].refused),
        String(totals[side].lost),
        `${mb(idle.get(a)!)}+${mb(idle.get(b)!)} MB`,
        perSocket(a, b),
      ]);
    }
    for (const side of ['caredeck', 'floor'] as const) {
      if (refusals[side].size === 0) continue;
      const codes = [...refusals[side]].map(([code, n]) => `${n} × ${code === 0 ? 'no answer' : code}`).join(', ');
      console.log(`${side} refused: ${codes}`);
    }
    console.log(
      `\ncaredeck p99 / floor p99: ${median(ratios).toFixed(2)} (median of the rounds' ratios); goal p99 ≤ ${GOAL_P99_MS} ms: ` +
        `${median(figures.caredeck.p99) <= GOAL_P99_MS ? 'met' : 'not met'}`,
    );
    for (const agent of Object.values(agents)) agent.destroy();
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
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
