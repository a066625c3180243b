import { count, desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// The mail outbox. Mail can hold reset links and names: reading it is noted on the request's audit
// event like any other sensitive read.

export class OutboxRepository extends Repository {
  /** One page of the outbox, newest first, and how many messages there are. */
  async page(page: number, pageSize: number) {
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(mailOutbox),
    ]);
    this.audit.read('outbox.read', 'mail_outbox', null, [], { page, pageSize, shown: rows.length });
    return { rows, total: counted?.n ?? 0 };
  }
}
