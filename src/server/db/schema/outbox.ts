import { bigint, index, jsonb, pgTable, text, timestamp, integer } from 'drizzle-orm/pg-core';

// Effects of a write (live pushes) waiting to leave: inserted in the write's own transaction, sent
// after it commits, deleted once sent. A row older than a few seconds was stranded by a crash or a
// failed send and is picked up by the sweep job (platform/outbox.ts). Mail has its own outbox
// table (mail_outbox), which is also the mailbox shown in demo mode.
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A bus envelope: recipients and the live event. */
    envelope: jsonb('envelope').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** While set in the future, one dispatcher holds the row. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('event_outbox_created_idx').on(t.createdAt)],
);
