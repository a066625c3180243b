import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export class OutboxRepository {
  constructor(private readonly db: Database) {}

  /** One page of the outbox, newest first. */
  async page(page: number, pageSize: number) {
    return this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  }

  async total(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mailOutbox);
    return row?.n ?? 0;
  }
}
