import { inArray, sql } from 'drizzle-orm';
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
  /** Tests stop dispatch after commit to stand for a crash in between. */
  dispatchAfterCommit = true;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores the effects in the caller's transaction. */
  async stage(tx: Database, effects: Effects): Promise<Staged> {
    let pushIds: number[] = [];
    if (effects.pushes.length > 0) {
      const claimedUntil = new Date(this.now().getTime() + CLAIM_MS);
      const rows = await tx
        .insert(eventOutbox)
        .values(effects.pushes.map((envelope) => ({ envelope, claimedUntil })))
        .returning({ id: eventOutbox.id });
      pushIds = rows.map((row) => row.id);
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
    const sent: number[] = [];
    try {
      for (let i = 0; i < envelopes.length; i += 1) {
        await this.bus.publish(envelopes[i]!);
        sent.push(ids[i]!);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'live event could not be published; the outbox sweep will retry');
    }
    if (sent.length > 0) {
      await this.db
        .delete(eventOutbox)
        .where(inArray(eventOutbox.id, sent))
        .catch((error: unknown) => this.log.warn({ err: error }, 'sent live events could not be removed from the outbox'));
    }
  }
}
