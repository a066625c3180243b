import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts';
import { demoAccountsResponseSchema } from '../contracts/demo';
import { errorReportPayload } from './test-support/error-report-payload';

// The real entry point in a child process, as `npm start` runs it (through tsx instead of the
// bundle): start-up, readiness, SIGTERM, and what is left on disk afterwards.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'src', 'server', 'main.ts');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServerProcess {
  child: ChildProcess;
  port: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Resolves with the first log entry whose msg is `msg`; rejects if the process exits first. */
  waitForLog(msg: string, timeoutMs: number): Promise<Record<string, unknown>>;
  logMessages(): string[];
}

const running = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function parseLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // A clean environment: nothing from the developer's shell (DATABASE_URL, DEMO_MODE…) leaks in.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      WEB_ROOT: path.join(os.tmpdir(), 'caredeck-no-web-root'),
      // Shedding on event-loop lag is tested in load-shedding.test.ts; here a busy test machine
      // would make /readyz say "busy" and hide what this file checks (start, stop, restart).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });

  const waitForLog = (msg: string, timeoutMs: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => parseLines(out).find((entry) => entry.msg === msg);
      const timer = setTimeout(
        () => finish(new Error(`no "${msg}" log within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`)),
        timeoutMs,
      );
      const onData = () => {
        const entry = check();
        if (entry) finish(undefined, entry);
      };
      const onExit = () => finish(new Error(`server exited before logging "${msg}"\nstdout:\n${out}\nstderr:\n${err}`));
      function finish(error?: Error, entry?: Record<string, unknown>) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(entry!);
      }
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
      onData();
    });

  return {
    child,
    port,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForLog,
    logMessages: () => parseLines(out).map((entry) => String(entry.msg)),
  };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends a request over a raw socket, so the body can be held back while the server is told to stop. */
function slowRequest(port: number, method: string, urlPath: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    socket.once('close', () => resolve(response));
    socket.once('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async sendHead() {
      await connected;
      socket.write(
        `${method} ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, half)}`,
      );
    },
    sendRest() {
      socket.write(body.slice(half));
    },
    /** The raw response; the socket closes once the server is gone. */
    ended,
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  // A failed test must not leave a server behind (only processes this file started).
  for (const child of running) child.kill('SIGKILL');
});

describe('the server process', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'caredeck-main-'));
  });

  afterAll(async () => {
    if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  it(
    'starts, finishes a request in flight on SIGTERM, exits 0, and keeps its data for the next start',
    async () => {
      // First start on an empty data directory: migrations, demo seed, ready.
      const first = await startServer({ DATA_DIR: dataDir });
      const ready = await first.waitForLog('Caredeck is ready', START_TIMEOUT_MS);
      expect(ready).toMatchObject({ database: 'pglite', demoMode: true });
      expect(first.logMessages()).toContain('seeded the demo organisation');
      const health = await fetch(`http://127.0.0.1:${first.port}/readyz`);
      expect(health.status).toBe(200);

      // A request is in flight (its body half sent) when the server is told to stop.
      const report = JSON.stringify(errorReportPayload({ error: { message: 'sent while the server was stopping' } }));
      const inFlight = slowRequest(first.port, 'POST', '/api/error-reports', report);
      await inFlight.sendHead();
      await delay(200);
      first.child.kill('SIGTERM');
      await first.waitForLog('shutting down', STOP_TIMEOUT_MS);
      await delay(200);
      inFlight.sendRest();

      const response = await within(inFlight.ended, STOP_TIMEOUT_MS, 'the in-flight response');
      expect(response.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
      const exit = await within(first.exited, STOP_TIMEOUT_MS, 'exit after SIGTERM');
      expect(exit, first.stdout() + first.stderr()).toEqual({ code: 0, signal: null });

      // Second start on the same directory: the data is there, nothing is seeded again.
      const second = await startServer({ DATA_DIR: dataDir });
      await second.waitForLog('Caredeck is ready', START_TIMEOUT_MS);
      expect(second.logMessages()).not.toContain('seeded the demo organisation');
      const accounts = await fetch(`http://127.0.0.1:${second.port}/api/demo/accounts`);
      expect(accounts.status).toBe(200);
      expect(demoAccountsResponseSchema.parse(await accounts.json()).data).toHaveLength(DEMO_ACCOUNTS.length);

      second.child.kill('SIGTERM');
      expect(await within(second.exited, STOP_TIMEOUT_MS, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
    },
    4 * START_TIMEOUT_MS,
  );

  it(
    'refuses to start with a bad PORT, naming it',
    async () => {
      // The PORT given here replaces the free port startServer picked.
      const server = await startServer({ DATA_DIR: dataDir, PORT: 'abc' });
      const exit = await within(server.exited, START_TIMEOUT_MS, 'exit on a bad PORT');
      expect(exit.code).not.toBe(0);
      expect(exit.code).toBe(78);
      expect(server.stderr()).toContain('PORT');
      expect(server.stdout()).not.toContain('Caredeck is ready');
    },
    START_TIMEOUT_MS,
  );
});
