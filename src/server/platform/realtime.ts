import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  CLOSE_CODES,
  clientFrameSchema,
  MAX_FRAME_BYTES,
  REALTIME_PATH,
  type ClientFrame,
  type ReplyFrame,
  type ServerFrame,
} from '../../contracts/realtime-protocol';
import type { Role } from '../../contracts/roles';
import type { BusEnvelope } from './events';
import { pathOnly } from './logging';
import { ConnectionRegistry, type RealtimeClient } from './realtime-connections';
import { textFrame } from './realtime-frame';
import { allowedOrigin, clientAddress, refuseUpgrade, sessionTokenOf } from './realtime-upgrade';
import { liveSessionIds } from './realtime-sessions';

// The real-time channel (docs/product.md, Live updates).
//
// - The upgrade of GET /ws is decided before any WebSocket exists: the Origin must be the app's own
//   (realtime-upgrade.ts) and the session cookie must name a live session; otherwise the answer is a
//   plain 403 or 401 and the connection ends. The identity of a socket is the session's user, never
//   what the client says: `identify` naming anyone else closes the socket with 4003.
// - Frames: only the client frames of the contract, as JSON text, at most MAX_FRAME_BYTES. Anything
//   else closes that one socket (4400, or 1009 from ws for an oversized frame); the others carry on.
//   `health_check` is answered with the same id; `ping` with a `pong` echoing the ping's timestamp,
//   so the client measures the round trip on its own clock. Other frames of the contract (a video
//   visit's signalling) go to the handler a module registered for their type (`handle`), with the
//   socket's own user; a frame type nobody handles closes the socket like an unknown one.
// - Delivery: every envelope on the event bus goes to the open sockets of its recipients on this
//   instance and to no one else, serialised once whatever the number of sockets. An envelope with a
//   topic goes only to those of the recipients' sockets that joined it (`SocketCaller.join`).
// - Sessions end elsewhere (sign-out, password change, expiry, an admin deactivating the account, on
//   any instance): a sweep re-checks the sessions of the open sockets every `sweepIntervalMs` and
//   closes those whose session is gone with 4001. Sign-out on this instance closes at once.

export interface RealtimeOptions {
  /** How often the sessions of open sockets are re-checked against the database. */
  sweepIntervalMs?: number;
  /** How often a protocol ping finds dead TCP connections (no pong since the last one: terminated). */
  heartbeatIntervalMs?: number;
}

/** The signed-in user behind a socket, as a module's frame handler sees them. */
export interface SocketCaller {
  readonly userId: string;
  readonly role: Role;
  readonly sessionId: string;
  /** Answers this one socket (nobody else receives it). */
  reply(frame: ReplyFrame): void;
  /** From now on this socket receives the envelopes published for `topic` to its user. */
  join(topic: string): void;
  leave(topic: string): void;
  /** False once the socket has closed. */
  readonly open: boolean;
}

type ModuleFrame = Exclude<ClientFrame, { type: 'identify' | 'health_check' | 'ping' }>;
export type FrameHandler = (caller: SocketCaller, frame: ModuleFrame) => Promise<void>;

export interface Realtime {
  /** Frames of these types from now on go to `handler`, one at a time per socket, in the order they came. */
  handle(types: readonly ModuleFrame['type'][], handler: FrameHandler): void;
  /**
   * Closes the sockets of one session on this instance; returns how many. 4001 (sign-out: the
   * client does not retry) unless told otherwise, e.g. 1012 when the same browser continues on a
   * new session and should reconnect.
   */
  closeSession(sessionId: string, code?: number): number;
  /** Re-checks the sessions of open sockets now (all, or one user's) and closes the ended ones; returns how many. */
  sweep(userId?: string): Promise<number>;
  /** Open sockets on this instance. */
  connectionCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const DEFAULT_SWEEP_MS = 15_000;
const DEFAULT_HEARTBEAT_MS = 30_000;

export function registerRealtime(app: FastifyInstance, options: RealtimeOptions = {}): void {
  const registry = new ConnectionRegistry();
  const handlers = new Map<string, FrameHandler>();
  const callers = new WeakMap<RealtimeClient, { caller: SocketCaller; queue: Promise<void> }>();
  // noServer: the upgrade is ours to decide first; no per-message compression (CPU per frame and
  // compression oracles); maxPayload makes ws close an oversized frame's socket with 1009.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  let closing = false;

  // The route walk requires every /ws route to declare access; a plain GET (no upgrade) learns
  // that this path speaks WebSocket only.
  app.get(REALTIME_PATH, { config: { access: 'signed-in' } }, async (_request, reply) =>
    reply
      .code(426)
      .header('upgrade', 'websocket')
      .send({ error: { code: 'BAD_REQUEST', message: 'This address accepts WebSocket connections only.' } }),
  );

  const auditRefusal = (request: IncomingMessage, reason: 'not_authenticated' | 'foreign_origin'): Promise<void> =>
    app.audit.record({
      action: 'access.denied',
      outcome: 'denied',
      ip: clientAddress(request, app.config.trustProxy),
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      resourceType: 'route',
      resourceId: `GET ${REALTIME_PATH}`,
      details: { reason },
    });

  async function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (pathOnly(request.url ?? '') !== REALTIME_PATH) return refuseUpgrade(socket, 404);
    if (closing) return refuseUpgrade(socket, 503);
    if (!allowedOrigin(request, app.config)) {
      await auditRefusal(request, 'foreign_origin');
      return refuseUpgrade(socket, 403);
    }
    const token = sessionTokenOf(request, app.config.publicUrl, (header) => app.parseCookie(header));
    const session = token ? await app.sessions.find(token) : null;
    if (!session) {
      await auditRefusal(request, 'not_authenticated');
      return refuseUpgrade(socket, 401);
    }
    // The browser may have gone while the session was looked up.
    if (socket.destroyed || closing) return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => onOpen(ws, socket, session.userId, session.id, session.role));
  }

  function onOpen(socket: WebSocket, wire: Duplex, userId: string, sessionId: string, role: Role): void {
    const client: RealtimeClient = { socket, wire, userId, sessionId, alive: true, topics: new Set() };
    callers.set(client, {
      caller: {
        userId,
        role,
        sessionId,
        reply: (frame) => send(socket, frame),
        join: (topic) => void client.topics.add(topic),
        leave: (topic) => void client.topics.delete(topic),
        get open() {
          return socket.readyState === socket.OPEN;
        },
      },
      queue: Promise.resolve(),
    });
    registry.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => onFrame(client, data, isBinary));
    socket.on('close', () => registry.remove(client));
    // Oversized frames and protocol errors: ws closes the socket itself (1009/1002); nothing to log.
    socket.on('error', () => registry.remove(client));
    send(socket, { type: 'connection_established', timestamp: Date.now() });
  }

  function onFrame(client: RealtimeClient, data: RawData, isBinary: boolean): void {
    let json: unknown;
    try {
      json = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      json = undefined;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) return client.socket.close(CLOSE_CODES.badFrame, 'Unsupported frame');
    const frame = parsed.data;
    switch (frame.type) {
      case 'identify':
        if (frame.userId !== client.userId) client.socket.close(CLOSE_CODES.identityMismatch, 'Identity does not match the session');
        return;
      case 'health_check':
        return send(client.socket, { type: 'health_check_response', id: frame.id, timestamp: Date.now() });
      case 'ping':
        return send(client.socket, { type: 'pong', timestamp: frame.timestamp });
      default:
        return dispatch(client, frame);
    }
  }

  function dispatch(client: RealtimeClient, frame: ModuleFrame): void {
    const handler = handlers.get(frame.type);
    const entry = callers.get(client);
    if (!handler || !entry) return client.socket.close(CLOSE_CODES.badFrame, 'Unsupported frame');
    // One frame at a time per socket: an offer is handled before the candidates sent after it.
    entry.queue = entry.queue
      .then(() => handler(entry.caller, frame))
      .catch((error: unknown) => {
        app.log.warn({ err: error instanceof Error ? error.message : String(error), frame: frame.type }, 'realtime frame handler failed');
      });
  }

  function deliver(envelope: BusEnvelope): void {
    // Serialised and framed once, whatever the number of sockets, and written to each connection in
    // one piece. Safe beside ws's own writes: without compression (off above) and Blobs (never sent),
    // ws writes every frame of its own synchronously and whole, so frames never interleave; a socket
    // no longer OPEN (closing handshake begun) gets nothing more.
    let frame: Buffer | undefined;
    for (const userId of envelope.recipients) {
      const clients = registry.ofUser(userId);
      if (!clients) continue;
      frame ??= textFrame(JSON.stringify(envelope.event));
      for (const client of clients) {
        if (envelope.topic !== undefined && !client.topics.has(envelope.topic)) continue;
        if (client.socket.readyState === client.socket.OPEN && client.wire.writable) client.wire.write(frame);
      }
    }
  }

  async function sweep(userId?: string): Promise<number> {
    const clients = registry.all().filter((client) => !userId || client.userId === userId);
    if (clients.length === 0) return 0;
    const live = await liveSessionIds(app.db, [...new Set(clients.map((client) => client.sessionId))]);
    let closed = 0;
    for (const client of clients) {
      if (live.has(client.sessionId)) continue;
      client.socket.close(CLOSE_CODES.sessionEnded, 'Session ended');
      registry.remove(client);
      closed += 1;
    }
    return closed;
  }

  function heartbeat(): void {
    for (const client of registry.all()) {
      if (!client.alive) {
        registry.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  app.decorate('realtime', {
    handle(types, handler) {
      for (const type of types) handlers.set(type, handler);
    },
    closeSession(sessionId: string, code: number = CLOSE_CODES.sessionEnded): number {
      const clients = registry.ofSession(sessionId);
      for (const client of clients) {
        client.socket.close(code, code === CLOSE_CODES.sessionEnded ? 'Signed out' : 'Session renewed');
        registry.remove(client);
      }
      return clients.length;
    },
    sweep,
    connectionCount: () => registry.size,
  } satisfies Realtime);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A reset while we look up the session must not become an uncaught error.
    socket.on('error', () => socket.destroy());
    handleUpgrade(request, socket, head).catch((error: unknown) => {
      app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'websocket upgrade failed');
      refuseUpgrade(socket, 500);
    });
  };
  app.server.on('upgrade', onUpgrade);

  const unsubscribe = app.events.subscribe(deliver);
  const sweepTimer = setInterval(() => {
    sweep().catch((error: unknown) =>
      app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'realtime session sweep failed'),
    );
  }, options.sweepIntervalMs ?? DEFAULT_SWEEP_MS);
  const heartbeatTimer = setInterval(heartbeat, options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_MS);
  sweepTimer.unref();
  heartbeatTimer.unref();

  // Before the HTTP server stops waiting for connections: open sockets would hold the close open.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(sweepTimer);
    clearInterval(heartbeatTimer);
    unsubscribe();
    app.server.off('upgrade', onUpgrade);
    const open = registry.all();
    for (const client of open) {
      client.socket.close(CLOSE_CODES.goingAway, 'Server shutting down');
      registry.remove(client);
    }
    // A peer that does not answer the close handshake would keep its TCP connection, and with it the
    // HTTP server's close, open for ws's 30 s: one second, then it is cut.
    await new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        for (const client of open) client.socket.terminate();
        resolve();
      }, 1000);
      cut.unref();
      Promise.all(
        open.map(
          (client) =>
            new Promise((done) => (client.socket.readyState === client.socket.CLOSED ? done(null) : client.socket.once('close', done))),
        ),
      ).then(() => {
        clearTimeout(cut);
        resolve();
      }, resolve);
    });
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

function send(socket: WebSocket, frame: ServerFrame | ReplyFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
