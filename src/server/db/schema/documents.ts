import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_CATEGORIES, DOCUMENT_ORIGINS } from '../../../contracts/health-records';
import { labOrders } from './lab-results';
import { bytea } from './types';
import { users } from './users';

// Documents: metadata here; the bytes in document_contents under the same storage_key.
// origin 'patient' marks the patient's own uploads (they may delete them); 'clinical' ones stay.
// A document attached to an imaging or referral report names its order (order_id).
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: DOCUMENT_CATEGORIES }).notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    origin: text('origin', { enum: DOCUMENT_ORIGINS }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set on a report's attachment: the patient sees it only once that order is released. */
    orderId: uuid('order_id').references(() => labOrders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_patient_idx').on(t.patientId, t.createdAt),
    index('documents_uploaded_by_idx').on(t.uploadedBy),
    index('documents_order_idx').on(t.orderId),
    check('documents_size_check', sql`${t.sizeBytes} >= 0`),
  ],
);

export type NewDocumentRow = typeof documents.$inferInsert;

// The bytes of each document, in the database itself: the app is stateless and may run as several
// instances, so no instance's disk may hold them, and one transaction stores or
// deletes a document whole. Keyed by storage_key so another backend (an object store) could take
// over the same keys; deleting the document row deletes its bytes.
export const documentContents = pgTable('document_contents', {
  storageKey: text('storage_key')
    .primaryKey()
    .references(() => documents.storageKey, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

export type NewDocumentContentRow = typeof documentContents.$inferInsert;
