import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { REALTIME_PATH } from '../../contracts/realtime-protocol';
import { sessionCookieName } from './session';

// A browser's WebSocket for integration tests and the benchmark (test code only): a real `ws`
// client against an app listening on a real port, recording every frame it receives.

export interface TestSocket {
  socket: WebSocket;
  /** Every frame received so far, parsed. */
  frames: unknown[];
  /** Resolves with the first frame (already received or to come) that matches. */
  next(match: (frame: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves with the close code once the server (or the client) has closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
}

export type UpgradeOutcome = { opened: true; client: TestSocket } | { opened: false; status: number };

/** The address of a listening app's /ws. */
export function realtimeUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
  return `ws://127.0.0.1:${address.port}${REALTIME_PATH}`;
}

/** The Cookie header a browser signed in with this session token would send. */
export function sessionCookie(app: FastifyInstance, token: string): string {
  return `${sessionCookieName(app.config.publicUrl.startsWith('https:'))}=${token}`;
}

/** Opens a socket like a browser on the app's own page would (its Origin), unless told otherwise. */
export function connect(
  app: FastifyInstance,
  options: { token?: string; origin?: string | null; url?: string } = {},
): Promise<UpgradeOutcome> {
  const headers: Record<string, string> = {};
  if (options.token) headers.cookie = sessionCookie(app, options.token);
  const origin = options.origin === undefined ? new URL(app.config.publicUrl).origin : options.origin;
  const socket = new WebSocket(options.url ?? realtimeUrl(app), { headers, ...(origin ? { origin } : {}) });
  const frames: unknown[] = [];
  const waiters: Array<{ match: (frame: Record<string, unknown>) => boolean; resolve: (frame: Record<string, unknown>) => void }> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: TestSocket = {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(match, timeoutMs = 3000) {
      const seen = frames.find((frame) => match(frame as Record<string, unknown>));
      if (seen) return Promise.resolve(seen as Record<string, unknown>);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No matching frame within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: true, client }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** Opens a socket that must open (a test precondition). */
export async function connectOk(app: FastifyInstance, token: string, url?: string): Promise<TestSocket> {
  const outcome = await connect(app, { token, url });
  if (!outcome.opened) throw new Error(`The upgrade was refused with ${outcome.status}`);
  return outcome.client;
}
