import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION } from '../../contracts/constants';
import type { Role } from '../../contracts/roles';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { isAbandoned, RequestAbandonedError } from './overload';
import { hashToken, randomToken } from './tokens';

// Server-side sessions (ADR 006, ASVS V7): a 256-bit random token in an httpOnly cookie, only
// its hash stored; a sliding inactivity timeout (30 minutes unless an admin set another in the
// system settings; a change applies to each session at its next renewal) and a 12-hour absolute
// lifetime, both enforced here on every request. A new token at every sign-in, so a cookie planted before sign-in
// never becomes a session (no fixation).

export interface ActiveSession {
  id: string;
  userId: string;
  role: Role;
  csrfToken: string;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  /** Whether the user has a second factor (a role that must have one is held to setting it up). */
  mfaEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null. Resolved for /api and /ws requests only. */
    session: ActiveSession | null;
  }
}

/** Requests with this header (background polling) do not count as activity for the idle timeout. */
export const BACKGROUND_HEADER = 'x-caredeck-background';
/** What every token this server issues looks like (tokens.ts: 256 bits, base64url). */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Activity is written at most this often, so a busy page does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-caredeck-session' : 'caredeck-session';
}

/** The inactivity timeout in force, read when a session starts or slides. */
export type InactivityTimeout = () => Promise<number>;

const defaultTimeout: InactivityTimeout = async () => SESSION.inactivityTimeoutMs;

export class SessionStore {
  private readonly lookup;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
    private readonly inactivityTimeout: InactivityTimeout = defaultTimeout,
  ) {
    this.lookup = prepareLookup(db);
  }

  /** Starts a session for a user; returns the raw token for the cookie (shown nowhere else). */
  async create(userId: string, meta: SessionMeta): Promise<NewSession> {
    return insertSession(this.db, userId, meta, this.now(), await this.inactivityTimeout());
  }

  /** The live session for a cookie token, or null when unknown, revoked, expired or the user is inactive. */
  async find(token: string): Promise<(ActiveSession & { lastSeenAt: Date }) | null> {
    const [row] = await this.lookup.execute({ tokenHash: hashToken(token), now: this.now().toISOString() });
    if (!row) return null;
    return { ...toActive(row.session, row.role, row.mfaEnabled), lastSeenAt: row.session.lastSeenAt };
  }

  /** Whether a cookie token names a session that was ended on purpose (not merely one that ran out or never was). */
  async wasRevoked(token: string): Promise<boolean> {
    const [row] = await this.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return Boolean(row?.revokedAt);
  }

  /** Slides the inactivity timeout, never past the absolute lifetime. */
  async touch(session: ActiveSession & { lastSeenAt: Date }): Promise<ActiveSession> {
    const now = this.now();
    if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return session;
    const idle = new Date(Math.min(now.getTime() + (await this.inactivityTimeout()), session.absoluteExpiresAt.getTime()));
    await this.db.update(sessions).set({ lastSeenAt: now, idleExpiresAt: idle }).where(eq(sessions.id, session.id));
    return { ...session, idleExpiresAt: idle };
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user, optionally keeping one (password change keeps the caller's). Returns the ended ids. */
  async revokeAllForUser(userId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }
}

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

/** A session just started, and the raw token for its cookie (shown nowhere else). */
export interface NewSession {
  token: string;
  session: ActiveSession;
}

/** Starts a session for a user on `db` (a sign-in's transaction, or the pool). */
export async function insertSession(
  db: Database,
  userId: string,
  meta: SessionMeta,
  now: Date,
  inactivityTimeoutMs: number = SESSION.inactivityTimeoutMs,
): Promise<NewSession> {
  const token = randomToken();
  const absolute = new Date(now.getTime() + SESSION.absoluteLifetimeMs);
  const idle = new Date(Math.min(now.getTime() + inactivityTimeoutMs, absolute.getTime()));
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      csrfToken: randomToken(),
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: idle,
      absoluteExpiresAt: absolute,
      ip: meta.ip?.slice(0, 100),
      userAgent: meta.userAgent?.slice(0, 500),
    })
    .returning();
  const [user] = await db.select({ role: users.role, mfaEnabled: users.mfaEnabled }).from(users).where(eq(users.id, userId));
  return { token, session: toActive(row!, user!.role, user!.mfaEnabled) };
}

/**
 * The session lookup runs on every request: built once and prepared, so each request only binds
 * its values (and PostgreSQL plans it once per connection).
 */
function prepareLookup(db: Database) {
  return db
    .select({ session: sessions, role: users.role, mfaEnabled: users.mfaEnabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
        gt(sessions.absoluteExpiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
      ),
    )
    .prepare('session_lookup');
}

function toActive(row: typeof sessions.$inferSelect, role: Role, mfaEnabled: boolean): ActiveSession {
  return {
    mfaEnabled,
    id: row.id,
    userId: row.userId,
    role,
    csrfToken: row.csrfToken,
    idleExpiresAt: row.idleExpiresAt,
    absoluteExpiresAt: row.absoluteExpiresAt,
  };
}

export interface SessionCookies {
  set(reply: FastifyReply, token: string, session: ActiveSession): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    sessionCookies: SessionCookies;
  }
}

export async function registerSessions(app: FastifyInstance, publicUrl: string): Promise<void> {
  const secure = publicUrl.startsWith('https:');
  const name = sessionCookieName(secure);
  const store = new SessionStore(app.db, undefined, async () => (await app.systemSettings.current()).sessionTimeoutMs);
  const cookies: SessionCookies = {
    // A browser-session cookie (no Expires, no Max-Age): it goes when the browser closes. How long
    // the session lives is the server's to decide: the inactivity timeout, 12 hours at most.
    set: (reply, token) => reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'lax', secure }),
    clear: (reply) => reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure }),
    read: (request) => request.cookies[name],
  };
  app.decorate('sessions', store);
  app.decorate('sessionCookies', cookies);
  app.decorateRequest('session', null);

  // preValidation, not onRequest: the per-route rate limits (onRequest), the body limit (parsing)
  // and the cheap checks registered before this one refuse a request before it costs a lookup.
  app.addHook('preValidation', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/') && !url.startsWith('/ws')) return;
    const token = cookies.read(request);
    if (!token) return;
    if (!SESSION_TOKEN.test(token)) {
      // Not a token this server could have issued: no lookup, and the browser forgets it.
      cookies.clear(reply);
      return;
    }
    if (isAbandoned(request)) throw new RequestAbandonedError();
    const found = await store.find(token);
    if (!found) {
      // Expired or unknown: forget it so the browser stops sending it. A revoked one is left as it
      // is: sessions are revoked when another request replaced them (a password change answers with
      // a new cookie), and a clearing answer that arrives after that one would wipe the new cookie.
      // Sign-out clears its own cookie.
      if (!(await store.wasRevoked(token))) cookies.clear(reply);
      return;
    }
    request.session = request.headers[BACKGROUND_HEADER] === '1' ? found : await store.touch(found);
  });
}

/**
 * Signs a user in on this request: a brand-new session and cookie (the session this browser had
 * before, if any, is ended: no fixation), and an audit event. Callers have already verified
 * everything the sign-in method requires (password and second factor, or a passkey).
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: 'password' | 'passkey',
): Promise<ActiveSession> {
  if (request.session) await app.sessions.revoke(request.session.id, 'replaced by a new sign-in');
  const { token, session } = await app.sessions.create(userId, {
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });
  app.sessionCookies.set(reply, token, session);
  request.session = { ...session };
  await app.audit.record({
    action: 'auth.sign-in',
    outcome: 'success',
    actorUserId: userId,
    actorRole: session.role,
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    requestId: request.id,
    resourceType: 'session',
    resourceId: session.id,
    details: { method },
  });
  return session;
}

/** What the settings in force add to a session's answer: how long inactivity may last, and whether a second factor is owed. */
export interface SessionPolicy {
  sessionTimeoutMs: number;
  mfaRequired: Record<Role, boolean>;
}

export function sessionInfo(
  session: ActiveSession,
  policy?: SessionPolicy,
): { expiresAt: string; absoluteExpiresAt: string; inactivityTimeoutMs?: number; mfaEnrolmentRequired?: true } {
  const times = { expiresAt: session.idleExpiresAt.toISOString(), absoluteExpiresAt: session.absoluteExpiresAt.toISOString() };
  if (!policy) return times;
  // Said only when it holds: the browser then sends the person to set up a second factor.
  const owed = !session.mfaEnabled && policy.mfaRequired[session.role];
  return { ...times, inactivityTimeoutMs: policy.sessionTimeoutMs, ...(owed ? { mfaEnrolmentRequired: true as const } : {}) };
}
