import type { z } from 'zod';
import type { outboxResponseSchema } from '../../../contracts/profile';
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import type { OutboxRepository } from './outbox.repository';

type OutboxPage = z.infer<typeof outboxResponseSchema>;

// Issue 3 item 9: without SMTP the outbox is the mailbox; in demo mode an admin reads it in the app
// so that a password reset can be completed on a machine with no mail server.
export class OutboxService {
  constructor(
    private readonly repository: OutboxRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(
    query: { page: number; pageSize: number },
    context: Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>,
  ): Promise<OutboxPage> {
    const [rows, total] = await Promise.all([this.repository.page(query.page, query.pageSize), this.repository.total()]);
    // Mail can hold reset links and names: reading it is recorded like any other sensitive read.
    await this.audit.record({
      ...context,
      action: 'outbox.read',
      outcome: 'success',
      resourceType: 'mail_outbox',
      details: { page: query.page, pageSize: query.pageSize, shown: rows.length },
    });
    return {
      data: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }
}
