import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './types';
import { INBOX_TOPICS } from '../../../contracts/messages';
import { users } from './users';

// Secure messaging. A conversation has participants (one row each, with how far they have read
// and whether they archived it) and messages. Every message gets a number from one sequence, so
// "how far someone has read" is one number that only grows: reads and writes racing each other
// can never make an unread count go wrong, only stay behind until the next read.

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    /** The staff inbox topic, when the conversation went (or was handed) to the staff inbox. */
    topic: text('topic', { enum: INBOX_TOPICS }),
    /** The patient taking part, if one does: their messages are part of their record. */
    patientId: uuid('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last message was sent: the conversation list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_patient_idx').on(t.patientId),
    check('conversations_topic_check', sql`${t.topic} is null or ${t.topic} in ('appointments', 'billing', 'prescriptions', 'other')`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** From one sequence for all messages: later messages have larger numbers. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    check('messages_body_length_check', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sequence number of the latest message this participant has read (0: none). */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_participants_user_idx').on(t.userId)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

// The files a message carries: what the thread shows of each here, the bytes in
// message_attachment_contents under the same storage key, kept in the database the way documents'
// bytes are (documents.ts). They are stored in the transaction that stores the message, so a file
// is never kept without its message, and deleting the message deletes them.
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The file's place in the message (0 first): the thread lists them in the order they were sent. */
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_attachments_message_position_idx').on(t.messageId, t.position),
    check('message_attachments_size_check', sql`${t.sizeBytes} > 0`),
  ],
);

export const messageAttachmentContents = pgTable('message_attachment_contents', {
  storageKey: text('storage_key')
    .primaryKey()
    .references(() => messageAttachments.storageKey, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
