/**
 * Caredeck's side of bench/realtime.ts, in a process of its own (forked by it), like the bare
 * baseline: the app on an in-memory database, with as many users and live sessions as the largest
 * fan-out, publishing on command through the event bus to its realtime layer. The coordinator's
 * own work (collecting and sorting the latencies) stays out of this process, as out of the bare one.
 * Driven over IPC.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { sessionCookieName } from '../src/server/platform/session';
import { hashToken, randomToken } from '../src/server/platform/tokens';
import { eventFor, settledMemory, wallNow } from './realtime-event';

type Command = { cmd: 'memory' } | { cmd: 'fanout'; round: number; size: number };

const maxSize = Number(process.argv[2] ?? 10_000);
const handle = await openDatabase({ dataDir: 'memory://' });
const config = loadConfig({
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  DEMO_MODE: 'false',
  WEB_ROOT: path.join(os.tmpdir(), 'caredeck-bench-no-web'),
});
const app = await buildApp(config, { handle, seed: false });
await app.listen({ port: 0, host: '127.0.0.1' });

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

const recipientsOf = new Map<number, string[]>();
process.on('message', async (command: Command) => {
  if (command.cmd === 'memory') {
    process.send!({ memory: await settledMemory() });
  } else if (command.cmd === 'fanout') {
    let recipients = recipientsOf.get(command.size);
    if (!recipients) recipientsOf.set(command.size, (recipients = userIds.slice(0, command.size)));
    const cpu = process.cpuUsage();
    const sentAt = wallNow();
    // The in-process bus hands the event to the realtime layer in a microtask, before this resumes.
    await app.events.publish({ recipients, event: eventFor(command.round, sentAt) });
    const loopMs = wallNow() - sentAt;
    process.send!({ fanout: command.round, loopMs, cpu: process.cpuUsage(cpu) });
  }
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
});

process.send!({
  port: (app.server.address() as { port: number }).port,
  origin: new URL(config.publicUrl).origin,
  cookies,
});
