import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SHARE_LINK_SCOPES } from '../../../contracts/share-links';
import { users } from './users';

// A patient's link to part of their record. Only the SHA-256 of the token is kept,
// so a copy of the database opens no link.
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: SHARE_LINK_SCOPES }).notNull(),
    /** Hex SHA-256 of the token; the token itself is shown once, at creation. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_idx').on(t.tokenHash),
    index('share_links_patient_idx').on(t.patientId, t.expiresAt),
    check('share_links_scope_check', sql`${t.scope} in ('medications')`),
    check('share_links_open_count_check', sql`${t.openCount} >= 0`),
  ],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
