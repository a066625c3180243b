import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { AccessContext, IdempotencyRequest } from './access-context';
import { AppError } from './app-error';
import type { AuditLog } from './audit';
import { Effects, type Outbox } from './outbox';
import type { AuditActionCode } from '../../contracts/audit';
import type { Permission } from '../../contracts/permission-catalogue';
import { PatientScope } from './patient-scope';
import type { AuditNote, RequestAudit } from './request-audit';
import { isUuid } from './ids';
import { RequestAbandonedError } from './overload';

// The one way services reach the database. A read runs on the pool; a write runs in one
// transaction that also stores the request's audit event, the effects the write causes (outbox)
// and, when the client sent an Idempotency-Key, the write's outcome. Repositories are obtained from
// the work with `use`, so every query they run is scoped to the caller (`scope`), runs in the
// write's transaction, and notes what it read or changed on the request's audit event.
// A repository may start queries side by side (Promise.all): in a read they run in parallel on the
// pool; in a write they share the transaction's one connection, which sends them one after another
// (db/client.ts), so the same repository code is right in both.

export interface Work {
  /** The pool for a read, the transaction for a write. Only repositories use it. */
  readonly db: Database;
  readonly ctx: AccessContext;
  /** Which patients the caller reaches. */
  readonly scope: PatientScope;
  readonly audit: RequestAudit;
  /** What happens after the commit; null in a read, where nothing may be caused. */
  readonly effects: Effects | null;
  /** The repository `type` bound to this work (one instance per work). */
  use<R>(type: new (work: Work) => R): R;
}

class WorkImpl implements Work {
  private readonly repositories = new Map<unknown, unknown>();
  readonly audit: RequestAudit;

  constructor(
    readonly db: Database,
    readonly ctx: AccessContext,
    readonly scope: PatientScope,
    readonly effects: Effects | null,
  ) {
    this.audit = ctx.audit;
  }

  use<R>(type: new (work: Work) => R): R {
    let repository = this.repositories.get(type) as R | undefined;
    if (!repository) {
      repository = new type(this);
      this.repositories.set(type, repository);
    }
    return repository;
  }
}

/** The base of every repository: the work it runs in, and its parts at hand. */
export abstract class Repository {
  protected readonly db: Database;
  protected readonly scope: PatientScope;
  protected readonly audit: RequestAudit;

  constructor(protected readonly work: Work) {
    this.db = work.db;
    this.scope = work.scope;
    this.audit = work.audit;
  }

  /** 404, noted on the audit event without naming anyone, unless `patientId` is a patient the caller reaches. */
  protected async reachPatient(patientId: string, action: AuditActionCode): Promise<void> {
    if (isUuid(patientId) && (await this.scope.reaches(patientId))) return;
    this.audit.missed(action, 'patient', patientId);
    throw AppError.notFound();
  }

  /** The effects of the write this repository runs in; a programming error in a read. */
  protected get effects(): Effects {
    if (!this.work.effects) throw new Error('This change must run in a write (uow.write), not a read');
    return this.work.effects;
  }

  /** Runs `fn` once the write has committed (a job to kick, a pass to run): never for a write that rolls back. */
  afterCommit(fn: () => void): void {
    this.effects.then(fn);
  }
}

export class UnitOfWork {
  private readonly readOnly: Database;

  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly auditLog: AuditLog,
  ) {
    this.readOnly = readOnly(db);
  }

  /**
   * Reads on the pool, through a handle that refuses to change anything. The audit notes are
   * written before the answer leaves (or by the caller, for a job).
   */
  async read<T>(ctx: AccessContext, fn: (work: Work) => Promise<T>): Promise<T> {
    if (ctx.abandoned()) throw new RequestAbandonedError();
    const work = new WorkImpl(this.readOnly, ctx, await this.scopeOf(ctx, this.readOnly), null);
    return fn(work);
  }

  /**
   * Runs `fn` in one transaction with the audit event, the outbox and the idempotency record of
   * the request; sends the effects after the commit. On failure nothing is kept but the audit
   * notes, turned into failures.
   */
  async write<T>(ctx: AccessContext, fn: (work: Work) => Promise<T>): Promise<T> {
    if (ctx.abandoned()) throw new RequestAbandonedError();
    // Permissions are read before the transaction takes its connection.
    const held = await ctx.permissions();
    const idempotency = ctx.idempotency ?? null;
    if (idempotency) ctx.idempotency = null;
    const mark = ctx.audit.mark;
    const effects = new Effects();
    let taken: AuditNote[] = [];
    let outcome: { replayed: true; value: T } | { replayed: false; value: T; staged: Awaited<ReturnType<Outbox['stage']>> };
    try {
      outcome = await this.db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        // The connection may have come after the client left: then nothing is written for it.
        if (ctx.abandoned()) throw new RequestAbandonedError();
        if (idempotency) {
          const earlier = await this.claimKey(tx, ctx, idempotency);
          if (earlier !== undefined) return { replayed: true as const, value: earlier as T };
        }
        const work = new WorkImpl(tx, ctx, this.scopeWith(ctx, tx, held), effects);
        const value = await fn(work);
        const event = ctx.audit.take();
        if (event) taken = event.notes;
        // The audit event is written by the statement that stages the effects: one round trip for both.
        const staged = await this.outbox.stage(tx, effects, event ? this.auditLog.insertStatement([event.event]) : undefined);
        if (idempotency) {
          await tx
            .update(idempotencyKeys)
            .set({ response: (value ?? null) as unknown })
            .where(and(eq(idempotencyKeys.userId, ctx.user.userId), eq(idempotencyKeys.key, idempotency.key)));
        }
        return { replayed: false as const, value, staged };
      });
    } catch (error) {
      ctx.audit.rollBack(mark, error instanceof AppError ? error.code : 'error', taken);
      throw error;
    }
    if (outcome.replayed) {
      ctx.audit.note({ action: 'request.replayed', details: { idempotencyKey: true } });
      return outcome.value;
    }
    this.outbox.release(outcome.staged);
    return outcome.value;
  }

  /** The stored outcome of an earlier request with this key, or undefined when this one is the first. */
  private async claimKey(tx: Database, ctx: AccessContext, request: IdempotencyRequest): Promise<unknown> {
    const userId = ctx.user.userId;
    // A concurrent request with the same key waits here until the first commits or rolls back.
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId, key: request.key, fingerprint: request.fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return undefined;
    const [earlier] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)));
    if (!earlier || earlier.fingerprint !== request.fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    return earlier.response;
  }

  private async scopeOf(ctx: AccessContext, db: Database): Promise<PatientScope> {
    return this.scopeWith(ctx, db, await ctx.permissions());
  }

  private scopeWith(ctx: AccessContext, db: Database, held: ReadonlySet<Permission>): PatientScope {
    const actor = ctx.actor ?? { userId: '00000000-0000-0000-0000-000000000000', role: 'patient' as const };
    return new PatientScope(db, { userId: actor.userId, role: actor.role }, held, ctx.breakGlass !== null);
  }
}

const CHANGES = new Set(['insert', 'update', 'delete', 'transaction']);

/** The database for reads: a change through it is a programming error, refused before it runs. */
function readOnly(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && CHANGES.has(property)) {
        return () => {
          throw new Error(`A read cannot ${property}: this change must run in a write (uow.write)`);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
