import { controlFrameSchema, REALTIME_PATH, type ClientFrame } from '../../../contracts/realtime-protocol';
import { reconnectDelay } from './backoff';
import { isFinalCloseCode } from './close-codes';
import { qualityFromLatency, type ConnectionQuality } from './connection-quality';
import { PUSH } from './push-constants';

// The one live connection of a signed-in tab (docs/product.md, Live updates). Pure: the socket, the
// page's visibility and network state, the clock's randomness and ids come from an environment, so
// tests drive it with fake timers.

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

/** The part of the browser's WebSocket this class uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export const SOCKET_CONNECTING = 0;
export const SOCKET_OPEN = 1;

export interface RealtimeEnvironment {
  createSocket(url: string): SocketLike;
  location: { protocol: string; host: string; hostname: string };
  isVisible(): boolean;
  isOnline(): boolean;
  /** Each returns its unsubscribe function. */
  onVisibilityChange(listener: () => void): () => void;
  onOnline(listener: () => void): () => void;
  onOffline(listener: () => void): () => void;
  now(): number;
  random(): number;
  newId(): string;
}

export interface ConnectionSnapshot {
  state: ConnectionState;
  quality: ConnectionQuality;
  /** Reconnect attempts since the last successful connection. */
  retryCount: number;
  /** The close code of the last closed socket, for the status text (close-codes.ts). */
  lastCloseCode: number | null;
  /** Round trip of the last answered ping. */
  latencyMs: number | null;
}

/** A frame from the server that is not a control frame: a live event for the reactions. */
export type PushMessage = { type: string } & Record<string, unknown>;

/** /ws on the same host, wss when the page is https; port 5000 when the address names none. */
export function realtimeUrl(location: RealtimeEnvironment['location']): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const host = location.host || `${location.hostname || 'localhost'}:${PUSH.fallbackPort}`;
  return `${scheme}://${host}${REALTIME_PATH}`;
}

export class RealtimeConnection {
  private snapshot: ConnectionSnapshot = { state: 'disconnected', quality: 'good', retryCount: 0, lastCloseCode: null, latencyMs: null };
  private socket: SocketLike | null = null;
  private started = false;
  /** The last stop's closing, for a second stop while a handshake settles. */
  private stopping: Promise<void> = Promise.resolve();
  private healthCheckId: string | null = null;
  private pingSentAt: number | null = null;
  private readonly timers = new Map<
    'connection' | 'healthFallback' | 'healthTimeout' | 'settle' | 'retry',
    ReturnType<typeof setTimeout>
  >();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private unsubscribes: Array<() => void> = [];
  private readonly stateListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: PushMessage) => void>();
  private readonly closeListeners = new Set<(code: number) => void>();

  constructor(
    private readonly userId: string,
    private readonly env: RealtimeEnvironment,
  ) {}

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onMessage(listener: (message: PushMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Every closed socket, with its code (e.g. 4001: the server ended the session). */
  onClose(listener: (code: number) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribes = [
      this.env.onVisibilityChange(this.handleVisibility),
      this.env.onOnline(this.handleOnline),
      this.env.onOffline(this.handleOffline),
    ];
    this.connect();
  }

  /**
   * Sign-out or unmount: close with 1000 and never come back. Resolves once the socket is closed
   * or, when it was still in its handshake, once the handshake has settled (see closeOnceSettled).
   */
  stop(): Promise<void> {
    if (!this.started) return this.stopping;
    this.started = false;
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
    this.clearTimers();
    this.stopHeartbeat();
    const socket = this.detachSocket();
    this.update({ state: 'disconnected' });
    this.stopping = socket ? closeOnceSettled(socket) : Promise.resolve();
    return this.stopping;
  }

  private update(patch: Partial<ConnectionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.stateListeners) listener();
  }

  private setTimer(name: Parameters<RealtimeConnection['timers']['set']>[0], ms: number, run: () => void): void {
    this.clearTimer(name);
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name);
        run();
      }, ms),
    );
  }

  private clearTimer(name: Parameters<RealtimeConnection['timers']['set']>[0]): void {
    const timer = this.timers.get(name);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(name);
  }

  private clearTimers(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private connect(): void {
    if (!this.started) return;
    this.clearTimers();
    // No attempt while the network is down; coming online starts one.
    if (!this.env.isOnline()) {
      this.update({ state: 'disconnected', quality: 'poor' });
      return;
    }
    this.update({ state: this.snapshot.retryCount > 0 ? 'reconnecting' : 'connecting' });
    let socket: SocketLike;
    try {
      socket = this.env.createSocket(realtimeUrl(this.env.location));
    } catch {
      // A creation error leads to a retry like any other failed attempt.
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event) => this.handleFrame(event.data);
    socket.onclose = (event) => this.handleClose(socket, event.code);
    // An error is always followed by a close event; the close decides what happens next.
    socket.onerror = null;
    this.setTimer('connection', PUSH.connectionTimeoutMs, () => this.abandon());
  }

  private send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== SOCKET_OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Sends a frame of a feature's own (a video visit's signalling) on the open socket; false when
   * there is none at the moment (the feature tries again once the state is connected).
   */
  sendFrame(frame: ClientFrame): boolean {
    return this.snapshot.state === 'connected' && this.send(frame);
  }

  private handleOpen(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.send({ type: 'identify', userId: this.userId });
    const id = this.env.newId();
    this.healthCheckId = id;
    this.send({ type: 'health_check', id, timestamp: this.env.now() });
    // A matching answer passes at once; a socket still open after 4 s passes anyway; a
    // check not passed within 10 s fails and the socket is abandoned for a retry.
    this.setTimer('healthFallback', PUSH.healthCheckFallbackMs, () => {
      if (this.socket?.readyState === SOCKET_OPEN) this.healthCheckPassed();
    });
    this.setTimer('healthTimeout', PUSH.healthCheckTimeoutMs, () => this.abandon());
  }

  private healthCheckPassed(): void {
    this.healthCheckId = null;
    this.clearTimer('healthFallback');
    this.clearTimer('healthTimeout');
    this.clearTimer('connection');
    this.update({ state: 'connected', retryCount: 0, quality: 'good' });
    if (this.env.isVisible()) this.startHeartbeat();
  }

  private handleFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof (frame as { type?: unknown }).type !== 'string') return;
    const control = controlFrameSchema.safeParse(frame);
    if (control.success) {
      const value = control.data;
      if (value.type === 'health_check_response' && value.id === this.healthCheckId) this.healthCheckPassed();
      if (value.type === 'pong' && this.pingSentAt !== null) {
        const latencyMs = Math.max(0, this.env.now() - this.pingSentAt);
        this.pingSentAt = null;
        this.update({ latencyMs, quality: qualityFromLatency(latencyMs, this.env.isOnline()) });
      }
      return;
    }
    for (const listener of this.messageListeners) listener(frame as PushMessage);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (!this.env.isVisible() || this.socket?.readyState !== SOCKET_OPEN) return;
      this.pingSentAt = this.env.now();
      this.send({ type: 'ping', timestamp: this.pingSentAt });
    }, PUSH.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.pingSentAt = null;
  }

  private detachSocket(): SocketLike | null {
    const socket = this.socket;
    this.socket = null;
    this.healthCheckId = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    return socket;
  }

  /** A timed-out connection or a failed health check is closed to trigger a retry. */
  private abandon(): void {
    const socket = this.detachSocket();
    this.stopHeartbeat();
    try {
      socket?.close();
    } catch {
      /* already closing */
    }
    this.afterClose(1006);
  }

  private handleClose(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.detachSocket();
    this.stopHeartbeat();
    this.afterClose(code);
  }

  private afterClose(code: number): void {
    this.clearTimers();
    this.update({ lastCloseCode: code });
    for (const listener of this.closeListeners) listener(code);
    if (!this.started) return;
    // No retry after 1000, an application code 4000-4999, or while offline.
    if (isFinalCloseCode(code) || !this.env.isOnline()) {
      this.update({ state: 'disconnected', ...(this.env.isOnline() ? {} : { quality: 'poor' as const }) });
      return;
    }
    this.update({ state: 'reconnecting' });
    this.setTimer('settle', PUSH.closeSettleMs, () => this.scheduleReconnect());
  }

  private scheduleReconnect(): void {
    if (!this.started) return;
    const attempt = this.snapshot.retryCount;
    if (attempt >= PUSH.maxRetries) {
      this.update({ state: 'failed' });
      return;
    }
    this.update({ state: 'reconnecting', retryCount: attempt + 1 });
    this.setTimer('retry', reconnectDelay(attempt, this.env.random()), () => this.connect());
  }

  private handleVisibility = (): void => {
    if (!this.env.isVisible()) {
      // A hidden page stops the heartbeat.
      this.stopHeartbeat();
      return;
    }
    const { state } = this.snapshot;
    if (state === 'connected') this.startHeartbeat();
    else if (state === 'disconnected' || state === 'failed') {
      // A fresh start: the retries used up while nobody was looking do not count against this one.
      this.update({ retryCount: 0 });
      this.connect();
    }
  };

  private handleOnline = (): void => {
    // Coming online resets the retries and reconnects.
    this.update({ retryCount: 0, quality: 'good' });
    if (this.snapshot.state !== 'connected' && this.socket === null) this.connect();
  };

  private handleOffline = (): void => {
    this.update({ quality: 'poor' });
  };
}

/**
 * Closes with 1000. A socket still in its handshake is closed once it opens, or left to fail:
 * closing it sooner makes the browser log an error. The promise settles with the handshake, so a
 * sign-out can wait for it before the server ends the session (a handshake arriving after that is
 * refused with a 401, which the browser logs too).
 */
function closeOnceSettled(socket: SocketLike): Promise<void> {
  if (socket.readyState !== SOCKET_CONNECTING) {
    socket.close(1000, 'Client closed');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    socket.onopen = () => {
      socket.close(1000, 'Client closed');
      resolve();
    };
    socket.onclose = () => resolve();
  });
}
