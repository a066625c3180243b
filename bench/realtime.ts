/**
 * Fan-out of one live event to 1,000 and 10,000 authenticated sockets through Caredeck's push path
 * (event bus -> realtime plugin -> the recipients' sockets), against a bare `ws` broadcast of the
 * same event to as many sockets, in the same run and on the same machine.
 *
 * How it measures, and why:
 * - Each part in a process of its own, so that no side times another's work: the app
 *   (bench/realtime-app.ts) and the bare `ws` server (bench/realtime-bare.ts), driven alike; the
 *   client sockets, spread over BENCH_CLIENT_PROCESSES processes (default 2,
 *   bench/realtime-clients.ts), every k-th socket in the k-th process; and this coordinator, which
 *   collects and sorts the latencies. With the clients in one process, reading 10,000 frames took
 *   it longer than the server took to send them, so the latencies timed the client harness; with
 *   the coordinator inside the app's process, its work was charged to the app.
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
 *   is sampled per clock tick, too coarse for these loops; only the sum is printed.) With the
 *   clients spread out, p99 follows the send loop: about nine tenths of the loop is the kernel's
 *   write, per socket, on either side, so that is the floor of the fan-out on a given machine.
 * - Memory per socket: the server process's heap + external growth while its sockets open, after
 *   full collections (kernel socket buffers not included).
 *
 *   npm run bench:realtime [-- rounds=5]
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './realtime-event';

type Side = 'app' | 'bare';
type Message = Record<string, unknown>;

const rounds = Number(process.argv[2] ?? 5);
const sizes = [1_000, 10_000];
const clientProcesses = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 2));
const here = path.dirname(fileURLToPath(import.meta.url));

const spawn = (file: string, args: string[] = []): ChildProcess => fork(path.join(here, file), args, { execArgv: process.execArgv });
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

const servers: Record<Side, ChildProcess> = {
  app: spawn('realtime-app.ts', [String(Math.max(...sizes))]),
  bare: spawn('realtime-bare.ts'),
};
const clients = Array.from({ length: clientProcesses }, () => spawn('realtime-clients.ts'));
const [appReady, bareReady] = await Promise.all([
  waitFor<{ port: number; origin: string; cookies: string[] }>(servers.app, (m) => 'port' in m),
  waitFor<{ port: number }>(servers.bare, (m) => 'port' in m),
]);
const urls: Record<Side, string> = { app: `ws://127.0.0.1:${appReady.port}/ws`, bare: `ws://127.0.0.1:${bareReady.port}` };

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
/** Every k-th of the first `size` items, for the k-th client process. */
const shareOf = <T>(items: T[], size: number, k: number) => items.slice(0, size).filter((_, i) => i % clientProcesses === k);
const countOf = (size: number, k: number) => Math.ceil((size - k) / clientProcesses);

async function memoryOf(side: Side): Promise<number> {
  return (await ask<{ memory: number }>(servers[side], { cmd: 'memory' }, (m) => 'memory' in m)).memory;
}

/** Opens `size` sockets to one side; returns the server's memory growth per socket. */
async function connect(side: Side, size: number): Promise<number> {
  const before = await memoryOf(side);
  await Promise.all(
    clients.map((child, k) =>
      ask(
        child,
        {
          cmd: 'connect',
          side,
          url: urls[side],
          origin: appReady.origin,
          cookies: side === 'app' ? shareOf(appReady.cookies, size, k) : null,
          count: countOf(size, k),
        },
        (m) => m.connected === side,
      ),
    ),
  );
  await sleep(300);
  return ((await memoryOf(side)) - before) / size;
}

async function runRound(side: Side, size: number, round: number): Promise<Round> {
  await Promise.all(
    clients.map((child, k) =>
      ask(child, { cmd: 'expect', side, round, count: countOf(size, k) }, (m) => m.ready === round && m.side === side),
    ),
  );
  const done = Promise.all(
    clients.map((child) => waitFor<{ latencies: number[]; slowest: number }>(child, (m) => m.done === round && m.side === side)),
  );
  const { loopMs, cpu } = await ask<{ loopMs: number; cpu: NodeJS.CpuUsage }>(
    servers[side],
    { cmd: 'fanout', round, size },
    (m) => m.fanout === round,
  );
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
    `app, bare ws and ${clientProcesses} client processes apart`,
);
for (const size of sizes) {
  const bytes: Record<Side, number> = { app: await connect('app', size), bare: await connect('bare', size) };
  const results: Record<Side, Round[]> = { app: [], bare: [] };
  for (let round = 0; round <= rounds; round += 1) {
    const order: Side[] = round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
    for (const side of order) {
      const result = await runRound(side, size, round);
      if (round > 0) results[side].push(result);
    }
  }
  const ratio = (of: (app: Round, bare: Round) => number) => median(results.app.map((app, i) => of(app, results.bare[i]!))).toFixed(2);

  console.log(`\n${size.toLocaleString('en')} sockets`);
  console.log(`  bare ws broadcast:  ${line(results.bare, bytes.bare)}`);
  console.log(`  caredeck push path: ${line(results.app, bytes.app)}`);
  console.log(
    `  caredeck / bare (median of per-round ratios): throughput ${ratio((a, b) => a.perSecond / b.perSecond)}, ` +
      `p99 latency ${ratio((a, b) => a.p99 / b.p99)}x, send loop ${ratio((a, b) => a.loopMs / b.loopMs)}x ` +
      `(cpu ${ratio((a, b) => a.cpuMs / b.cpuMs)}x)`,
  );
  for (const side of ['app', 'bare'] as const) {
    await Promise.all(clients.map((child) => ask(child, { cmd: 'close', side }, (m) => m.closed === side)));
  }
  await sleep(500);
}

for (const child of [...clients, servers.bare, servers.app]) child.disconnect();
