import type { authApi, SessionInfo, SessionResponse } from '../../../contracts/auth';
import { SESSION } from '../../../contracts/constants';
import { EARLY_ROUTES } from '../../../contracts/early-routes';
import type { SessionUser } from '../../../contracts/user';
import { ApiError, apiUrl, endingSession, resetCsrfToken } from '../api-client';
import { callRoute, earlyRoute } from '../api-routes';
import { clearFormBackups } from '../forms/form-backup';
import { isNoSessionAnswer, readSessionAnswer } from './session-answer';
import {
  clearStoredSession,
  parseStoredSession,
  readStoredSession,
  SESSION_STORAGE_KEY,
  writeStoredSession,
  type StoredSession,
} from './session-storage';
import type { SessionStatus, SignOutReason } from './use-session';

// The browser half of the session (docs/product.md, Sign-in and sessions; ADR 006): the server
// decides what is valid (httpOnly cookie, 30-minute sliding and 12-hour absolute timeouts); this
// keeps the screen in step with it. Plain TypeScript, no React, so the timing rules are tested with fake timers.

export const SESSION_CHANNEL = 'caredeck-session';
/** Activity is recorded at most this often: every mouse move must not write to storage. */
export const ACTIVITY_THROTTLE_MS = 5000;
/** Mouse, key, scroll, touch, click. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'touchstart', 'click'] as const;
/**
 * When another tab removes the stored session, its BroadcastChannel message (which says why) usually
 * arrives too; wait this long for it before signing out without a reason.
 */
const STORAGE_SIGN_OUT_GRACE_MS = 250;
/** The session check and the sign-out, through their contracts (zod-free: this runs before zod loads). */
const sessionRoute = earlyRoute<typeof authApi.session>(EARLY_ROUTES.authSession);
const logoutRoute = earlyRoute<typeof authApi.logout>(EARLY_ROUTES.authLogout);
/** Calls whose 401 is an answer about signing in, not news that the session has gone. */
const SELF_HANDLED = new Set<string>([sessionRoute.path, EARLY_ROUTES.authLogin.path, logoutRoute.path]);

export interface SessionSnapshot {
  status: SessionStatus;
  user: SessionUser | null;
  /** Why the session of this app run ended (null when it never began or began again). */
  endedReason: SignOutReason | null;
}

export interface SessionApi {
  fetchSession(options?: { background?: boolean }): Promise<SessionResponse>;
  logout(): Promise<void>;
}

type ChannelMessage = { type: 'signed-out'; reason: SignOutReason } | { type: 'signed-in'; userId: string };

interface ChannelLike {
  postMessage(message: ChannelMessage): void;
  close(): void;
  onmessage: ((event: MessageEvent<ChannelMessage>) => void) | null;
}

export interface SessionControllerOptions {
  api?: SessionApi;
  now?: () => number;
  storage?: Storage;
  /** Where activity and storage events are heard; window in the browser. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  createChannel?: () => ChannelLike | undefined;
  /** Called when the session ends while the app runs (here or in another tab): the app shows the landing page. */
  onSignedOut?: (reason: SignOutReason) => void;
}

export const defaultSessionApi: SessionApi = {
  async fetchSession(options) {
    const answer: unknown = await callRoute(sessionRoute, {}, options);
    // Nobody signed in is an ordinary answer from the server (user null); here it is a rejection.
    if (isNoSessionAnswer(answer)) throw new ApiError('No server session', 401, 'UNAUTHENTICATED');
    const session = readSessionAnswer(answer);
    // An answer of another shape is no session we can use.
    if (!session) throw new ApiError('Session check failed', 401, 'UNAUTHENTICATED');
    return session;
  },
  async logout() {
    await callRoute(logoutRoute, {});
  },
};

function defaultChannel(): ChannelLike | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : (new BroadcastChannel(SESSION_CHANNEL) as unknown as ChannelLike);
}

/** A rejection by the server (no session, wrong session), as opposed to a network or server failure. */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export class SessionController {
  private snapshot: SessionSnapshot = { status: 'loading', user: null, endedReason: null };
  private readonly listeners = new Set<() => void>();
  private readonly api: SessionApi;
  private readonly now: () => number;
  private readonly storage: Storage | undefined;
  private readonly target: SessionControllerOptions['target'];
  private readonly createChannel: () => ChannelLike | undefined;
  private onSignedOut: (reason: SignOutReason) => void;
  private channel: ChannelLike | undefined;
  private checkTimer: ReturnType<typeof setInterval> | undefined;
  private storageSignOutTimer: ReturnType<typeof setTimeout> | undefined;
  private lastActivityWrite = 0;
  /** The inactivity timeout the server said it applies (the system settings may change it). */
  private inactivityTimeoutMs: number = SESSION.inactivityTimeoutMs;
  /** When this tab last renewed (or established) the server session; renewal needs activity after it. */
  private lastRenewalAt = 0;
  /** Bumped at every sign-in and sign-out, so an answer that arrives late cannot revive an old state. */
  private epoch = 0;
  private refreshing: Promise<void> | undefined;
  private started = false;

  constructor(options: SessionControllerOptions = {}) {
    this.api = options.api ?? defaultSessionApi;
    this.now = options.now ?? (() => Date.now());
    this.storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    this.target = options.target ?? (typeof window === 'undefined' ? undefined : window);
    this.createChannel = options.createChannel ?? defaultChannel;
    this.onSignedOut = options.onSignedOut ?? (() => {});
  }

  /** Who is told when the session ends while the app runs (the provider: clear caches, show the landing page). */
  setSignedOutHandler(handler: (reason: SignOutReason) => void): void {
    this.onSignedOut = handler;
  }

  // --- store protocol (useSyncExternalStore) ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(next: SessionSnapshot): void {
    const current = this.snapshot;
    if (next.status === current.status && next.user === current.user && next.endedReason === current.endedReason) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  // --- lifecycle ---

  /** A stored unexpired session is shown at once and verified; without one the server is asked. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const type of ACTIVITY_EVENTS) this.target?.addEventListener(type, this.handleActivity, { passive: true, capture: true });
    this.target?.addEventListener('storage', this.handleStorage as EventListener);
    this.channel = this.createChannel();
    if (this.channel) this.channel.onmessage = (event) => this.handleChannelMessage(event.data);
    this.checkTimer = setInterval(() => void this.check(), SESSION.checkIntervalMs);

    const stored = this.read();
    if (stored && stored.sessionExpiry > this.now()) {
      this.set({ status: 'authenticated', user: null, endedReason: null });
    } else {
      if (stored) clearStoredSession(this.storage);
      this.set({ status: 'loading', user: null, endedReason: null });
    }
    void this.verify();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    for (const type of ACTIVITY_EVENTS) this.target?.removeEventListener(type, this.handleActivity, { capture: true });
    this.target?.removeEventListener('storage', this.handleStorage as EventListener);
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
      this.channel = undefined;
    }
    clearInterval(this.checkTimer);
    clearTimeout(this.storageSignOutTimer);
  }

  // --- the API of useSession() ---

  signIn = (result: { user: SessionUser; session: SessionInfo }): void => {
    this.epoch += 1;
    this.establish(result.user, result.session);
    // The server issued a new session, and with it a new CSRF token.
    resetCsrfToken();
    this.post({ type: 'signed-in', userId: result.user.id });
  };

  signOut = async (reason: SignOutReason = 'user'): Promise<void> => {
    const wasSignedIn = this.snapshot.status !== 'anonymous';
    // 'server' means the server has already ended it; otherwise end it there too (automatic logoff).
    if (reason !== 'server' && wasSignedIn) {
      try {
        await endingSession(() => this.api.logout());
      } catch (error) {
        // The local session is cleared anyway.
        if (reason === 'user') console.warn('Logout failed', error instanceof Error ? error.message : error);
      }
    }
    this.clear(reason, { broadcast: true, notify: wasSignedIn });
  };

  /** Asks the server who is signed in and adopts the answer (after a profile change, a password change, a passkey sign-in). */
  refresh = (): Promise<void> => {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  };

  /** Called by the api client when any call answers 401 UNAUTHENTICATED: the server no longer has our session. */
  handleServerRejection = (path: string): void => {
    // The session calls handle their own answers.
    if (SELF_HANDLED.has(apiUrl(path.split('?')[0]!))) return;
    if (this.snapshot.status !== 'authenticated') return;
    console.warn('No server session');
    this.clear('server', { broadcast: true, notify: true });
  };

  // --- internals ---

  private read(): StoredSession | null {
    return readStoredSession(this.storage);
  }

  private establish(user: SessionUser, session: SessionInfo): void {
    const now = this.now();
    this.inactivityTimeoutMs = session.inactivityTimeoutMs ?? SESSION.inactivityTimeoutMs;
    writeStoredSession(
      {
        userId: user.id,
        role: user.role,
        lastActivity: now,
        sessionExpiry: now + this.inactivityTimeoutMs,
        serverExpiresAt: serverExpiry(session),
      },
      this.storage,
    );
    this.lastActivityWrite = now;
    this.lastRenewalAt = now;
    this.set({ status: 'authenticated', user, endedReason: null });
  }

  /** Keeps the stored activity as it is (another tab may have newer), updates what the server said. */
  private adopt(user: SessionUser, session: SessionInfo): void {
    const stored = this.read();
    if (!stored || stored.userId !== user.id) {
      this.establish(user, session);
      return;
    }
    // A timeout changed by an administrator counts from the last activity, as the server's does.
    const timeout = session.inactivityTimeoutMs;
    if (timeout) this.inactivityTimeoutMs = timeout;
    const sessionExpiry = timeout ? stored.lastActivity + timeout : stored.sessionExpiry;
    writeStoredSession({ ...stored, role: user.role, serverExpiresAt: serverExpiry(session), sessionExpiry }, this.storage);
    this.lastRenewalAt = this.now();
    this.set({ status: 'authenticated', user, endedReason: null });
  }

  private clear(reason: SignOutReason, { broadcast, notify }: { broadcast: boolean; notify: boolean }): void {
    this.epoch += 1;
    clearTimeout(this.storageSignOutTimer);
    clearStoredSession(this.storage);
    // What someone typed into a form is not offered to whoever signs in next in this tab.
    clearFormBackups();
    resetCsrfToken();
    this.set({ status: 'anonymous', user: null, endedReason: notify ? reason : null });
    if (broadcast) this.post({ type: 'signed-out', reason });
    if (notify) this.onSignedOut(reason);
  }

  private post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      /* the channel is closed: the storage event still reaches the other tabs */
    }
  }

  /** The first question at start: is there a session, and whose? */
  private async verify(): Promise<void> {
    const epoch = this.epoch;
    const hadStored = this.snapshot.status === 'authenticated';
    try {
      const answer = await this.api.fetchSession();
      if (epoch !== this.epoch) return;
      this.adopt(answer.user, answer.session);
    } catch (error) {
      if (epoch !== this.epoch) return;
      if (!hadStored || isRejection(error)) {
        // A rejection clears the stored session. The guards then send the visitor to sign in.
        if (hadStored && isRejection(error)) console.warn('Session check failed');
        clearStoredSession(this.storage);
        this.set({ status: 'anonymous', user: null, endedReason: null });
        return;
      }
      // The network or the server failed: keep the stored session; the minute check asks again.
      console.warn('Session check failed', error instanceof Error ? error.message : error);
    }
  }

  private async doRefresh(): Promise<void> {
    const epoch = this.epoch;
    try {
      const answer = await this.api.fetchSession();
      if (epoch !== this.epoch) return;
      this.adopt(answer.user, answer.session);
    } catch (error) {
      if (epoch !== this.epoch) return;
      if (isRejection(error)) {
        if (this.snapshot.status === 'authenticated') {
          console.warn('No server session');
          this.clear('server', { broadcast: true, notify: true });
        } else {
          this.set({ status: 'anonymous', user: null, endedReason: null });
        }
        return;
      }
      console.warn('Network error during session refresh');
    }
  }

  /** Each activity extends the local expiry by the inactivity timeout (throttled). */
  private handleActivity = (): void => {
    if (this.snapshot.status !== 'authenticated') return;
    const now = this.now();
    if (now - this.lastActivityWrite < ACTIVITY_THROTTLE_MS) return;
    this.lastActivityWrite = now;
    const stored = this.read();
    if (!stored) return;
    writeStoredSession({ ...stored, lastActivity: now, sessionExpiry: now + this.inactivityTimeoutMs }, this.storage);
  };

  /** Every 60 s; expire locally, or renew with the server when 5 minutes or less remain. */
  async check(): Promise<void> {
    if (this.snapshot.status !== 'authenticated') return;
    const stored = this.read();
    const now = this.now();
    if (!stored) {
      // Another tab removed it and we missed the event: follow it.
      this.clear('user', { broadcast: false, notify: true });
      return;
    }
    if (now >= stored.sessionExpiry) {
      await this.signOut('expired');
      return;
    }
    const activeSinceRenewal = stored.lastActivity > this.lastRenewalAt;
    const serverEndsSoon = stored.serverExpiresAt - now <= SESSION.renewWhenRemainingMs;
    // A normal (not background) request: the server slides its inactivity timer on it.
    if ((serverEndsSoon && activeSinceRenewal) || this.snapshot.user === null) await this.refresh();
  }

  private handleStorage = (event: StorageEvent): void => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const next = parseStoredValue(event.newValue, event.key);
    if (!next) {
      if (this.snapshot.status === 'anonymous') return;
      clearTimeout(this.storageSignOutTimer);
      this.storageSignOutTimer = setTimeout(() => {
        if (this.snapshot.status !== 'anonymous' && !this.read()) this.clear('user', { broadcast: false, notify: true });
      }, STORAGE_SIGN_OUT_GRACE_MS);
      return;
    }
    // Another tab signed in (or in as someone else): take over its session.
    if (this.snapshot.status !== 'authenticated' || (this.snapshot.user && this.snapshot.user.id !== next.userId)) void this.refresh();
  };

  private handleChannelMessage(message: ChannelMessage | undefined): void {
    if (!message) return;
    if (message.type === 'signed-out') {
      if (this.snapshot.status === 'anonymous') return;
      this.clear(message.reason, { broadcast: false, notify: true });
    } else if (message.type === 'signed-in') {
      if (this.snapshot.status !== 'authenticated' || this.snapshot.user?.id !== message.userId) void this.refresh();
    }
  }
}

function parseStoredValue(raw: string | null, key: string | null): StoredSession | null {
  // key null: the whole storage was cleared.
  return key === null ? null : parseStoredSession(raw);
}

/** The server's end of the session: the sliding timeout, never past the absolute lifetime. */
function serverExpiry(session: SessionInfo): number {
  const idle = Date.parse(session.expiresAt);
  const absolute = Date.parse(session.absoluteExpiresAt);
  const values = [idle, absolute].filter(Number.isFinite);
  return values.length ? Math.min(...values) : 0;
}
