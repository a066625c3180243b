/**
 * Fan-out of one live event to 1,000 and 10,000 authenticated sockets through Caredeck's push path
 * (event bus -> realtime plugin -> the recipients' sockets), against a bare `ws` broadcast of the
 * same payload to as many sockets, in the same run and on the same machine.
 *
 * The server side runs here; the client sockets run in a forked process (bench/realtime-clients.ts),
 * so each side has its own file limit and the clients' work is not counted as the server's.
 * Latency is from the publish (or the bare broadcast loop's start) to each client's receipt, on the
 * same wall clock. Memory per socket is this (server) process's heap and external memory growth
 * while the sockets open (kernel socket buffers not included).
 *
 *   npm run bench:realtime [-- rounds=5]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { sessionCookieName } from '../src/server/platform/session';
import { hashToken, randomToken } from '../src/server/platform/tokens';
import type { Notification } from '../src/contracts/notifications';

const rounds = Number(process.argv[2] ?? 5);
const sizes = [1_000, 10_000];
const here = path.dirname(fileURLToPath(import.meta.url));
const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The clients' process, and a request/answer helper over its IPC channel.
const clients: ChildProcess = fork(path.join(here, 'realtime-clients.ts'), [], { execArgv: process.execArgv });
function ask<T>(command: unknown, isAnswer: (message: Record<string, unknown>) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: Record<string, unknown>) => {
      if (!isAnswer(message)) return;
      clients.off('message', listener);
      resolve(message as T);
    };
    clients.on('message', listener);
    clients.send(command as object);
  });
}

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

// The bare baseline: a ws server that broadcasts to everyone, no authentication, no routing.
const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
await new Promise((resolve) => bare.once('listening', resolve));
const barePort = (bare.address() as { port: number }).port;

function eventFor(round: number, sentAt: number) {
  const notification: Notification = {
    id: randomUUID(),
    type: 'system',
    title: 'Benchmark',
    message: `${round}|${sentAt}`,
    createdAt: new Date().toISOString(),
    isRead: false,
    priority: 'medium',
    actionUrl: null,
    metadata: {},
    code: null,
    params: {},
  };
  return { type: 'notification' as const, notification, timestamp: new Date().toISOString() };
}

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  bytesPerSocket: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(size: number, kind: 'app' | 'bare'): Promise<Figures> {
  const heap = () => {
    globalThis.gc?.();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const heapBefore = heap();
  await ask(
    {
      cmd: 'connect',
      url: kind === 'app' ? `ws://127.0.0.1:${appPort}/ws` : `ws://127.0.0.1:${barePort}`,
      origin: new URL(config.publicUrl).origin,
      cookies: kind === 'app' ? cookies.slice(0, size) : null,
      count: size,
    },
    (m) => 'connected' in m,
  );
  await sleep(500);
  const bytesPerSocket = (heap() - heapBefore) / size;

  const latencies: number[] = [];
  let delivered = 0;
  let busy = 0;
  // Round 0 warms up (JIT, first buffers) and is not counted.
  for (let round = 0; round <= rounds; round += 1) {
    await ask({ cmd: 'expect', round, count: size }, (m) => m.ready === round);
    const done = ask<{ latencies: number[]; last: number }>({ cmd: 'noop' }, (m) => m.done === round);
    const sentAt = wallNow();
    if (kind === 'app') {
      await app.events.publish({ recipients: userIds.slice(0, size), event: eventFor(round, sentAt) });
    } else {
      const payload = JSON.stringify(eventFor(round, sentAt));
      for (const socket of bare.clients) socket.send(payload);
    }
    const result = await done;
    await sleep(200);
    if (round === 0) continue;
    latencies.push(...result.latencies);
    delivered += result.latencies.length;
    busy += result.last - sentAt;
  }
  await ask({ cmd: 'close' }, (m) => 'closed' in m);
  await sleep(500);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: delivered / (busy / 1000), bytesPerSocket };
}

const fmt = (f: Figures) =>
  `p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  ${Math.round(f.perSecond).toLocaleString('en')} msg/s  ${(f.bytesPerSocket / 1024).toFixed(1)} KiB heap/socket`;

console.log(`fan-out of one event, ${rounds} rounds per size, clients in a separate process`);
for (const size of sizes) {
  const ours = await measure(size, 'app');
  const baseline = await measure(size, 'bare');
  console.log(`\n${size.toLocaleString('en')} sockets`);
  console.log(`  bare ws broadcast:  ${fmt(baseline)}`);
  console.log(`  caredeck push path: ${fmt(ours)}`);
  console.log(
    `  ratio caredeck / bare: throughput ${(ours.perSecond / baseline.perSecond).toFixed(2)}, p99 latency ${(ours.p99 / baseline.p99).toFixed(2)}x`,
  );
}

clients.kill();
bare.close();
await app.close();
await handle.close();
