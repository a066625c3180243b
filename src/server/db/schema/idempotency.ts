import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Outcomes of writes sent with an Idempotency-Key: stored in the write's own transaction, so a key
// is recorded exactly when its write committed. A retry of the same request with the same key gets
// the stored outcome instead of running again; a concurrent duplicate waits on the primary key
// until the first commits or rolls back.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, route and a hash of the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
