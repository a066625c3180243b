import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS } from '../../contracts/errors';
import type { Permission } from '../../contracts/permission-catalogue';
import type { Role } from '../../contracts/roles';
import type { Database } from '../db/client';
import { permissionsOf } from './access';
import { AppError } from './app-error';
import type { AuditLog } from './audit';
import { effectivePermissions } from './effective-permissions';
import { BUSY_ENVELOPE, isAbandoned, isOverload } from './overload';
import { RequestAudit, type AuditOrigin } from './request-audit';

// Who is asking, and on whose behalf data may be read: built once per request (or per job) and
// handed to services. Data access is obtained from it through the unit of work (unit-of-work.ts),
// which scopes every query to the caller and notes the audit event in `audit`.

export interface Actor {
  userId: string;
  role: Role;
  /** Null for work the system does on a user's behalf outside a request. */
  sessionId: string | null;
}

/** Header a clinician sends to reach a chart outside their care in an emergency, with the reason. */
export const BREAK_GLASS_HEADER = 'x-break-glass-reason';
const BREAK_GLASS = { min: 10, max: 500 };

/** An Idempotency-Key and what it was sent with. */
export interface IdempotencyRequest {
  key: string;
  /** Method, route and body hash: the same key on another request is refused. */
  fingerprint: string;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export class AccessContext {
  readonly audit: RequestAudit;
  /** The request's Idempotency-Key; the first write of the request uses it up. */
  idempotency: IdempotencyRequest | null = null;
  /** True once nobody waits for the answer (client gone, time up): no new database work starts then. */
  abandoned: () => boolean = () => false;
  private held: Promise<ReadonlySet<Permission>> | undefined;
  private caller: Actor | null;

  constructor(
    /** The signed-in caller; null for an anonymous request. */
    actor: Actor | null,
    readonly origin: { requestId: string | null; ip: string | null; userAgent: string | null },
    private readonly auditLog: AuditLog,
    private readonly loadPermissions: () => Promise<ReadonlySet<Permission>>,
    /** Given by a clinician to reach a patient outside their care; recorded on every event. */
    readonly breakGlass: string | null = null,
  ) {
    this.caller = actor;
    this.audit = new RequestAudit(
      auditLog,
      () => this.auditOrigin(),
      () => (this.breakGlass ? { breakGlass: this.breakGlass } : null),
    );
  }

  /** The signed-in caller; null for an anonymous request. */
  get actor(): Actor | null {
    return this.caller;
  }

  /**
   * The request has just signed `actor` in (a sign-in starts anonymous): from here on it acts as
   * them, and its audit event names them. They hold no permissions in this request: nothing after
   * the sign-in needs any.
   */
  signedIn(actor: Actor): void {
    this.caller = actor;
    this.held = Promise.resolve(new Set<Permission>());
  }

  /**
   * A context for work the request starts but does not wait for (platform/background.ts): the same
   * caller and origin, its own audit event, and never abandoned, since nobody waits for it.
   */
  detached(): AccessContext {
    return new AccessContext(this.caller, this.origin, this.auditLog, this.loadPermissions, this.breakGlass);
  }

  /** For background work: acts as `actor` (or as nobody), with no request behind it. */
  static system(auditLog: AuditLog, db: Database, actor: Actor | null = null, reason = 'system'): AccessContext {
    const permissions = actor
      ? () => effectivePermissions(db, actor.userId, actor.role).then((list) => new Set(list))
      : async () => new Set<Permission>();
    return new AccessContext(actor, { requestId: reason, ip: null, userAgent: null }, auditLog, permissions);
  }

  /** The caller; 401 when nobody is signed in. */
  get user(): Actor {
    if (!this.actor) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return this.actor;
  }

  /** The caller's effective permissions, read once per context. */
  permissions(): Promise<ReadonlySet<Permission>> {
    this.held ??= this.actor ? this.loadPermissions() : Promise.resolve(new Set<Permission>());
    return this.held;
  }

  async can(permission: Permission): Promise<boolean> {
    if (this.actor?.role === 'admin') return true;
    return (await this.permissions()).has(permission);
  }

  private auditOrigin(): AuditOrigin {
    return {
      actorUserId: this.actor?.userId ?? null,
      actorRole: this.actor?.role ?? null,
      ip: this.origin.ip,
      userAgent: this.origin.userAgent,
      requestId: this.origin.requestId,
    };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; what services receive. */
    readonly ctx: AccessContext;
  }
}

const contexts = new WeakMap<FastifyRequest, AccessContext>();
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function breakGlassOf(request: FastifyRequest): string | null {
  const header = request.headers[BREAK_GLASS_HEADER];
  if (typeof header !== 'string') return null;
  const reason = decodedReason(header).trim();
  if (reason.length < BREAK_GLASS.min || reason.length > BREAK_GLASS.max) {
    throw new AppError('VALIDATION_FAILED', 'An emergency access reason must be 10 to 500 characters long.', {
      breakGlassReason: 'text.length',
    });
  }
  return reason;
}

/** The web sends the reason percent-encoded (a header is Latin-1 only); a plain one is read as sent. */
function decodedReason(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

export function contextOf(request: FastifyRequest): AccessContext {
  let ctx = contexts.get(request);
  if (!ctx) {
    const session = request.session;
    const actor = session ? { userId: session.userId, role: session.role, sessionId: session.id } : null;
    const breakGlass = actor?.role === 'doctor' ? breakGlassOf(request) : null;
    ctx = new AccessContext(
      actor,
      {
        requestId: request.id,
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      },
      request.server.audit,
      () => permissionsOf(request),
      breakGlass,
    );
    ctx.abandoned = () => isAbandoned(request);
    contexts.set(request, ctx);
  }
  return ctx;
}

/**
 * `request.ctx`, and the rule that a request's audit event is durable before its answer leaves:
 * onSend runs for every answer, errors included, and waits for the event's commit. If the event
 * cannot be written the answer becomes a 503 and carries none of the data.
 */
export function registerAccessContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      return contextOf(this);
    },
  });
  // After validation, so the body is the one the handler sees.
  app.addHook('preHandler', async (request) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !UNSAFE.has(request.method) || !request.session) return;
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
      throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header must be 8 to 100 letters, digits or . _ : -', {
        'headers.idempotency-key': 'choice.invalid',
      });
    }
    const body = createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    request.ctx.idempotency = { key: header, fingerprint: `${request.method} ${request.routeOptions.url} ${body}` };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const ctx = contexts.get(request);
    if (!ctx?.audit.pending) return payload;
    try {
      await ctx.audit.flush();
      return payload;
    } catch (error) {
      reply.code(503).header('content-type', 'application/json; charset=utf-8');
      if (isOverload(error)) {
        request.log.warn({ err: error }, 'audit event not written in time; answered 503 SERVER_BUSY');
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        return JSON.stringify(BUSY_ENVELOPE);
      }
      request.log.error({ err: error }, 'audit event could not be written; the answer is withheld');
      reply.header('retry-after', '5');
      return JSON.stringify({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' },
      });
    }
  });
}
