import { inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { eventOutbox } from '../db/schema';
import type { BusEnvelope, EventBus } from './events';
import type { MailMessage, Mailer } from './mail';

// The transactional outbox. What a write causes beyond the database (a live push, an e-mail) is
// collected while it runs, stored in the write's own transaction, and sent only after the commit:
// a write that rolls back sends nothing, and a crash after the commit loses nothing, because the
// stored rows are found again by the sweep (every few seconds, on every instance) once the claim
// of the instance that wrote them has lapsed.

/** What a write asks to happen once it has committed. */
export class Effects {
  readonly pushes: BusEnvelope[] = [];
  readonly mails: MailMessage[] = [];
  readonly afterCommit: Array<() => unknown> = [];

  /** A live event to the sockets of `recipients` (on every instance). */
  push(envelope: BusEnvelope): void {
    if (envelope.recipients.length > 0) this.pushes.push(envelope);
  }

  mail(message: MailMessage): void {
    this.mails.push(message);
  }

  /** In-process work that must not happen unless the write commits (closing sockets, say). */
  then(fn: () => unknown): void {
    this.afterCommit.push(fn);
  }
}

export interface Staged {
  effects: Effects;
  pushIds: number[];
  mailIds: string[];
}

/** How long the writing instance holds its rows; after that the sweep of any instance may send them. */
const CLAIM_MS = 10_000;
const SWEEP_INTERVAL_MS = 5_000;
const SWEEP_BATCH = 200;

export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** Sent events waiting to be removed, and the removal under way. */
  private readonly sent: number[] = [];
  private removing: Promise<void> | null = null;
  /** Tests stop dispatch after commit to stand for a crash in between. */
  dispatchAfterCommit = true;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Stores the effects in the caller's transaction. `alongside` is a statement of the same write
   * (its audit event) run within the same statement as the pushes: a round trip less per write.
   */
  async stage(tx: Database, effects: Effects, alongside?: SQL): Promise<Staged> {
    let pushIds: number[] = [];
    if (effects.pushes.length > 0) {
      const claimedUntil = new Date(this.now().getTime() + CLAIM_MS);
      const insert = alongside ? tx.with(tx.$with('alongside', {}).as(alongside)).insert(eventOutbox) : tx.insert(eventOutbox);
      const rows = await insert.values(effects.pushes.map((envelope) => ({ envelope, claimedUntil }))).returning({ id: eventOutbox.id });
      pushIds = rows.map((row) => row.id);
    } else if (alongside) {
      await tx.execute(alongside);
    }
    const mailIds = await this.mailer.insertIn(tx, effects.mails);
    return { effects, pushIds, mailIds };
  }

  /** After the commit: sends what was staged. Never throws; what fails is left for the sweep. */
  release(staged: Staged): void {
    for (const fn of staged.effects.afterCommit) {
      try {
        const result = fn();
        if (result instanceof Promise) result.catch((error: unknown) => this.log.error({ err: error }, 'after-commit step failed'));
      } catch (error) {
        this.log.error({ err: error }, 'after-commit step failed');
      }
    }
    if (!this.dispatchAfterCommit) return;
    if (staged.pushIds.length > 0) this.track(this.publish(staged.effects.pushes, staged.pushIds));
    this.mailer.deliverLater(staged.mailIds);
  }

  /** Sends stored events whose claim has lapsed (the writer crashed or its send failed). */
  async sweep(now: Date = this.now()): Promise<number> {
    const claimed = await this.db
      .update(eventOutbox)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${eventOutbox.attempts} + 1` })
      .where(
        inArray(
          eventOutbox.id,
          sql`(select ${eventOutbox.id} from ${eventOutbox}
                where ${eventOutbox.claimedUntil} is null or ${eventOutbox.claimedUntil} < ${now.toISOString()}
                order by ${eventOutbox.id} limit ${SWEEP_BATCH} for update skip locked)`,
        ),
      )
      .returning({ id: eventOutbox.id, envelope: eventOutbox.envelope });
    if (claimed.length > 0) {
      await this.publish(
        claimed.map((row) => row.envelope as BusEnvelope),
        claimed.map((row) => row.id),
      );
    }
    const mails = await this.mailer.deliverPending(now);
    return claimed.length + mails;
  }

  /** Sweeps every few seconds until stopped. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.track(
        this.sweep()
          .then(() => undefined)
          .catch((error: unknown) => this.log.warn({ err: error }, 'outbox sweep failed')),
      );
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async publish(envelopes: readonly BusEnvelope[], ids: readonly number[]): Promise<void> {
    // Sent side by side: the bus keeps them in order on its one connection, and a write's events
    // need not wait for each other's round trips.
    const results = await Promise.allSettled(envelopes.map(async (envelope) => this.bus.publish(envelope)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) this.log.warn({ err: failed.reason }, 'live event could not be published; the outbox sweep will retry');
    const sent = ids.filter((_, i) => results[i]!.status === 'fulfilled');
    if (sent.length > 0) await this.forget(sent);
  }

  /**
   * Removes sent events from the outbox. Rows sent while an earlier removal runs wait for it and go
   * in one statement together: under load, many writes share one delete instead of one each.
   */
  private forget(ids: readonly number[]): Promise<void> {
    this.sent.push(...ids);
    this.removing ??= this.removeSent();
    return this.removing;
  }

  private async removeSent(): Promise<void> {
    try {
      while (this.sent.length > 0) {
        const ids = this.sent.splice(0);
        await this.db
          .delete(eventOutbox)
          .where(inArray(eventOutbox.id, ids))
          .catch((error: unknown) => this.log.warn({ err: error }, 'sent live events could not be removed from the outbox'));
      }
    } finally {
      // Cleared in the same step that found nothing left: rows sent from now on start a new removal.
      this.removing = null;
    }
  }
}
