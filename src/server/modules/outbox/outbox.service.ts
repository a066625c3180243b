import type { z } from 'zod';
import type { outboxResponseSchema } from '../../../contracts/profile';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { OutboxRepository } from './outbox.repository';

type OutboxPage = z.infer<typeof outboxResponseSchema>;

// Without SMTP the outbox is the mailbox; in demo mode an admin reads it in the app so that a
// password reset can be completed on a machine with no mail server.
export class OutboxService {
  constructor(private readonly uow: UnitOfWork) {}

  list(ctx: AccessContext, query: { page: number; pageSize: number }): Promise<OutboxPage> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(OutboxRepository).page(query.page, query.pageSize);
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
    });
  }
}
