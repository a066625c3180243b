import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES, type NotificationMetadata } from '../../../contracts/notifications';
import { users } from './users';

// Notifications, one row per recipient. read_at null means unread.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('medium'),
    actionUrl: text('action_url'),
    metadata: jsonb('metadata').$type<NotificationMetadata>().notNull().default({}),
    /** What it is about (contracts NOTIFICATION_CODES), for a translated text on the client. */
    code: text('code'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /**
     * Set when the same fact may be reported more than once (a bus event arrives at every
     * instance): the second insert with the same key for the same user does nothing.
     */
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list (newest first, keyset paged) and the unread count both start from the user.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_source_key_idx').on(t.userId, t.sourceKey),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
