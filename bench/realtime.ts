/**
 * Fan-out of one live event to 1,000 and 10,000 authenticated sockets through Caredeck's push path
 * (event bus -> realtime plugin -> the recipients' sockets), against a bare `ws` broadcast of the
 * same event to as many sockets, in the same run and on the same machine.
 *
 * How it measures, and why:
 * - Three kinds of process, so that no side times another's work: this one runs the app (and
 *   coordinates); a bare `ws` server runs in its own process (bench/realtime-bare.ts); the client
 *   sockets are spread over BENCH_CLIENT_PROCESSES processes (default 2, bench/realtime-clients.ts),
 *   every k-th socket in the k-th process. With the clients in one process, reading 10,000 frames
 *   took it longer than the server took to send them, so the latencies timed the client harness.
 * - Both sets of sockets stay open together and the rounds alternate between the sides (app then
 *   bare, then bare then app, ...), so that a change of load on a shared machine hits both sides
 *   alike; the ratios are the medians of the per-round ratios of the same run.
 * - Round 0 of each side warms up (JIT, first buffers) and is not counted. Each figure is the median
 *   over the counted rounds, so one round hit by something outside (another process, a GC, the
 *   app's periodic session sweep) does not decide it; the worst round's p99 is printed too.
 * - Latency: from the publish (or the bare broadcast's start), on the sender's wall clock, to each
 *   frame's arrival at its client, on the client's. Messages/s: sockets / time to the last arrival.
 *   Send loop: the sender's own synchronous work for the fan-out (serialising, framing, writing to
 *   every socket), the server's cost independent of how fast the clients read. Its wall time grows
 *   with the machine's load (waiting for a core); its CPU time (user + system: the kernel's socket
 *   writes, which on loopback include the receiving side's TCP work) does not, so the CPU ratio is
 *   the steadiest comparison of the two servers on a shared machine. (The user/system split itself
 *   is sampled per clock tick, too coarse for these loops; only the sum is printed.)
 * - Memory per socket: the server process's heap + external growth while its sockets open, after
 *   full collections (kernel socket buffers not included).
 *
 *   npm run bench:realtime [-- rounds=5]
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { sessionCookieName } from '../src/server/platform/session';
import { hashToken, randomToken } from '../src/server/platform/tokens';
import { eventFor, settledMemory, sleep, wallNow } from './realtime-event';

type Side = 'app' | 'bare';
type Message = Record<string, unknown>;

const rounds = Number(process.argv[2] ?? 5);
const sizes = [1_000, 10_000];
const clientProcesses = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 2));
const here = path.dirname(fileURLToPath(import.meta.url));

const spawn = (file: string): ChildProcess => fork(path.join(here, file), [], { execArgv: process.execArgv });
function waitFor<T>(child: ChildProcess, isAnswer: (message: Message) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: Message) => {
      if (!isAnswer(message)) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
  });
}
function ask<T>(child: ChildProcess, command: object, isAnswer: (message: Message) => boolean): Promise<T> {
  const answer = waitFor<T>(child, isAnswer);
  child.send(command);
  return answer;
}

const bare = spawn('realtime-bare.ts');
const clients = Array.from({ length: clientProcesses }, () => spawn('realtime-clients.ts'));
const barePort = (await waitFor<{ port: number }>(bare, (m) => 'port' in m)).port;

// The app, on an in-memory database with as many users and live sessions as the largest size.
const handle = await openDatabase({ dataDir: 'memory://' });
const config = loadConfig({
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  DEMO_MODE: 'false',
  WEB_ROOT: path.join(os.tmpdir(), 'caredeck-bench-no-web'),
});
const app = await buildApp(config, { handle, seed: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;
const origin = new URL(config.publicUrl).origin;

const maxSize = Math.max(...sizes);
const userIds: string[] = [];
const cookies: string[] = [];
const cookieName = sessionCookieName(config.publicUrl.startsWith('https:'));
const now = new Date();
for (let i = 0; i < maxSize; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, maxSize - i) }, (_, j) => ({
    email: `bench.${i + j}@realtime.bench`,
    firstName: 'Bench',
    lastName: `User ${i + j}`,
    role: 'patient' as const,
  }));
  const rows = await app.db.insert(users).values(batch).returning({ id: users.id });
  const tokens = rows.map(() => randomToken());
  await app.db.insert(sessions).values(
    rows.map((row, j) => ({
      userId: row.id,
      tokenHash: hashToken(tokens[j]!),
      csrfToken: randomToken(),
      idleExpiresAt: new Date(now.getTime() + 60 * 60_000),
      absoluteExpiresAt: new Date(now.getTime() + 60 * 60_000),
    })),
  );
  userIds.push(...rows.map((row) => row.id));
  cookies.push(...tokens.map((token) => `${cookieName}=${token}`));
}

interface Round {
  p50: number;
  p99: number;
  perSecond: number;
  loopMs: number;
  /** CPU time of this side's server process during the send loop, in ms (user + system). */
  cpuMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Every k-th of the items, for the k-th client process. */
const shareOf = <T>(items: T[], k: number) => items.filter((_, i) => i % clientProcesses === k);

async function connect(side: Side, size: number): Promise<void> {
  await Promise.all(
    clients.map((child, k) => {
      const count = shareOf(userIds.slice(0, size), k).length;
      const url = side === 'app' ? `ws://127.0.0.1:${appPort}/ws` : `ws://127.0.0.1:${barePort}`;
      const ownCookies = side === 'app' ? shareOf(cookies.slice(0, size), k) : null;
      return ask(child, { cmd: 'connect', side, url, origin, cookies: ownCookies, count }, (m) => m.connected === side);
    }),
  );
  await sleep(300);
}

async function runRound(side: Side, size: number, round: number, recipients: string[]): Promise<Round> {
  await Promise.all(
    clients.map((child, k) =>
      ask(child, { cmd: 'expect', side, round, count: shareOf(recipients, k).length }, (m) => m.ready === round && m.side === side),
    ),
  );
  const done = Promise.all(
    clients.map((child) => waitFor<{ latencies: number[]; slowest: number }>(child, (m) => m.done === round && m.side === side)),
  );
  let loopMs: number;
  let cpu: NodeJS.CpuUsage;
  if (side === 'app') {
    const cpuBefore = process.cpuUsage();
    const sentAt = wallNow();
    // The in-process bus hands the event to the realtime layer in a microtask, before this resumes.
    await app.events.publish({ recipients, event: eventFor(round, sentAt) });
    loopMs = wallNow() - sentAt;
    cpu = process.cpuUsage(cpuBefore);
  } else {
    ({ loopMs, cpu } = await ask<{ loopMs: number; cpu: NodeJS.CpuUsage }>(
      bare,
      { cmd: 'broadcast', round },
      (m) => m.broadcast === round,
    ));
  }
  const results = await done;
  await sleep(100);
  const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
  const slowest = Math.max(...results.map((result) => result.slowest));
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: size / (slowest / 1000),
    loopMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
function line(rounds: Round[], bytesPerSocket: number): string {
  const of = (key: keyof Round) => median(rounds.map((round) => round[key]));
  const worst = Math.max(...rounds.map((round) => round.p99));
  return (
    `p50 ${of('p50').toFixed(1)} ms  p99 ${of('p99').toFixed(1)} ms (worst round ${worst.toFixed(1)})  ` +
    `${Math.round(of('perSecond')).toLocaleString('en')} msg/s  send loop ${of('loopMs').toFixed(1)} ms ` +
    `(cpu ${of('cpuMs').toFixed(1)} ms)  ${kib(bytesPerSocket)} heap/socket`
  );
}

console.log(
  `fan-out of one event, ${rounds} rounds per side and size (+1 warm-up), sides alternating, ` +
    `${clientProcesses} client processes, bare ws in its own process`,
);
for (const size of sizes) {
  const recipients = userIds.slice(0, size);
  const appBefore = await settledMemory();
  await connect('app', size);
  const appBytes = ((await settledMemory()) - appBefore) / size;
  const bareMemory = () => ask<{ memory: number }>(bare, { cmd: 'memory' }, (m) => 'memory' in m).then((m) => m.memory);
  const bareBefore = await bareMemory();
  await connect('bare', size);
  const bareBytes = ((await bareMemory()) - bareBefore) / size;

  const results: Record<Side, Round[]> = { app: [], bare: [] };
  for (let round = 0; round <= rounds; round += 1) {
    const order: Side[] = round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
    for (const side of order) {
      const result = await runRound(side, size, round, recipients);
      if (round > 0) results[side].push(result);
    }
  }
  const ratio = (of: (app: Round, bare: Round) => number) => median(results.app.map((app, i) => of(app, results.bare[i]!))).toFixed(2);

  console.log(`\n${size.toLocaleString('en')} sockets`);
  console.log(`  bare ws broadcast:  ${line(results.bare, bareBytes)}`);
  console.log(`  caredeck push path: ${line(results.app, appBytes)}`);
  console.log(
    `  caredeck / bare (median of per-round ratios): throughput ${ratio((a, b) => a.perSecond / b.perSecond)}, ` +
      `p99 latency ${ratio((a, b) => a.p99 / b.p99)}x, send loop ${ratio((a, b) => a.loopMs / b.loopMs)}x ` +
      `(cpu ${ratio((a, b) => a.cpuMs / b.cpuMs)}x)`,
  );
  await Promise.all(clients.flatMap((child) => [ask(child, { cmd: 'close', side: 'app' }, (m) => m.closed === 'app')]));
  await Promise.all(clients.map((child) => ask(child, { cmd: 'close', side: 'bare' }, (m) => m.closed === 'bare')));
  await sleep(500);
}

for (const child of [...clients, bare]) child.disconnect();
await app.close();
await handle.close();
