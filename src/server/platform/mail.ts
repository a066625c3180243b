import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

// Every message is written to the outbox first, then sent when SMTP_URL is set. Without SMTP the
// outbox is the mailbox: in demo mode an admin reads it in the app, so a password reset can be
// completed on a machine with no mail server.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for (password-reset, welcome, ...): lets the outbox be filtered. */
  kind: string;
}

export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  /**
   * Writes the message to the outbox and returns at once; delivery over SMTP happens afterwards.
   * Callers must not wait on delivery: forgot-password would otherwise answer more slowly for real
   * accounts than for unknown ones, telling an attacker which emails exist.
   */
  async send(message: MailMessage): Promise<string> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject: message.subject, textBody: message.text, kind: message.kind })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (this.transport) {
      const delivery: Promise<void> = this.deliver(id, message).finally(() => this.pending.delete(delivery));
      this.pending.add(delivery);
    }
    return id;
  }

  /** Waits for deliveries in flight (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private readonly pending = new Set<Promise<void>>();

  private async deliver(id: string, message: MailMessage): Promise<void> {
    try {
      await this.transport!.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      // The message stays in the outbox with the reason; nobody's answer depended on delivery.
      await this.db
        .update(mailOutbox)
        .set({ error: error instanceof Error ? error.message.slice(0, 500) : 'send failed' })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function registerMail(app: FastifyInstance): void {
  const mailer = new Mailer(app.db, app.config.smtpUrl, `${app.config.organisationName} <${app.config.supportEmail}>`);
  app.decorate('mailer', mailer);
  // Deliveries in flight finish before the database closes.
  app.addHook('onClose', async () => mailer.flush());
}
