import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { mailFromHeader } from './system-settings';

// Every message is written to the mail outbox first (in the transaction of the write that causes
// it, when there is one), then sent over SMTP when SMTP_URL is set. Without SMTP the outbox is the
// mailbox: in demo mode an admin reads it in the app, so a password reset can be completed on a
// machine with no mail server. A message whose sending was cut short (a crash, an SMTP outage) is
// picked up again by `deliverPending`.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for (password-reset, welcome, ...): lets the outbox be filtered. */
  kind: string;
}

/** How long one instance holds a message it is delivering before another may try. */
const CLAIM_MS = 60_000;
/** Attempts before a message is left in the outbox with its last error. */
const MAX_ATTEMPTS = 5;

export class Mailer {
  /** Made on the first delivery: nodemailer loads only in a deployment that sends mail. */
  private transport: Promise<Transporter> | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly smtpUrl: string | undefined,
    /** The From header, read at each delivery: the system settings may change it while the server runs. */
    private readonly from: string | (() => Promise<string>),
    private readonly now: () => Date = () => new Date(),
  ) {}

  get delivers(): boolean {
    return Boolean(this.smtpUrl);
  }

  private smtp(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    return this.transport;
  }

  /**
   * Writes the message to the outbox and returns at once; delivery over SMTP happens afterwards.
   * Callers must not wait on delivery: forgot-password would otherwise answer more slowly for real
   * accounts than for unknown ones, telling an attacker which emails exist.
   */
  async send(message: MailMessage): Promise<string> {
    const [id] = await this.insertIn(this.db, [message]);
    this.deliverLater([id!]);
    return id!;
  }

  /** Writes messages inside a caller's transaction; `deliverLater` sends them once it committed. */
  async insertIn(tx: Database, messages: readonly MailMessage[]): Promise<string[]> {
    if (messages.length === 0) return [];
    const claimedUntil = this.smtpUrl ? new Date(this.now().getTime() + CLAIM_MS) : null;
    const rows = await tx
      .insert(mailOutbox)
      .values(messages.map((m) => ({ toAddress: m.to, subject: m.subject, textBody: m.text, kind: m.kind, claimedUntil })))
      .returning({ id: mailOutbox.id });
    return rows.map((row) => row.id);
  }

  /** Sends stored messages in the background (nothing to do without SMTP). */
  deliverLater(ids: readonly string[]): void {
    if (!this.smtpUrl || ids.length === 0) return;
    const delivery: Promise<void> = this.deliverIds(ids).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Delivers messages whose sending was cut short: unsent, unclaimed (or claim expired), attempts left. */
  async deliverPending(now: Date = this.now()): Promise<number> {
    if (!this.smtpUrl) return 0;
    const rows = await this.db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          mailOutbox.id,
          sql`(select ${mailOutbox.id} from ${mailOutbox}
                where ${mailOutbox.sentAt} is null and ${mailOutbox.attempts} < ${MAX_ATTEMPTS}
                  and (${mailOutbox.claimedUntil} is null or ${mailOutbox.claimedUntil} < ${now.toISOString()})
                order by ${mailOutbox.createdAt} limit 50 for update skip locked)`,
        ),
      )
      .returning({ id: mailOutbox.id });
    await this.deliverIds(rows.map((row) => row.id));
    return rows.length;
  }

  /** Waits for deliveries in flight (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async deliverIds(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, [...ids]), isNull(mailOutbox.sentAt)));
    if (rows.length === 0) return;
    const from = typeof this.from === 'string' ? this.from : await this.from();
    for (const row of rows) {
      try {
        await (await this.smtp()).sendMail({ from, to: row.toAddress, subject: row.subject, text: row.textBody });
        await this.db
          .update(mailOutbox)
          .set({ sentAt: this.now(), error: null, claimedUntil: null, attempts: sql`${mailOutbox.attempts} + 1` })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        // The message stays in the outbox with the reason; the sweep tries again later.
        await this.db
          .update(mailOutbox)
          .set({
            error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
            claimedUntil: null,
            attempts: sql`${mailOutbox.attempts} + 1`,
          })
          .where(eq(mailOutbox.id, row.id))
          .catch(() => undefined);
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function registerMail(app: FastifyInstance): void {
  // The sender in the system settings when an admin set one, else the configured name and address.
  // A settings read that fails does not hold mail back: the configured sender is used then.
  const configured = { name: app.config.organisationName, address: app.config.supportEmail };
  const mailer = new Mailer(app.db, app.config.smtpUrl, async () =>
    mailFromHeader(
      await app.systemSettings.current().then(
        (settings) => settings.mailFrom,
        () => configured,
      ),
    ),
  );
  app.decorate('mailer', mailer);
  // Deliveries in flight finish before the database closes.
  app.addHook('onClose', async () => mailer.flush());
}
