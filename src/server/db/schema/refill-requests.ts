import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REFILL_STATUSES } from '../../../contracts/refill-requests';
import { medications } from './medications';
import { users } from './users';

// A patient's request to refill one of their medications, decided by the
// prescriber (requested → approved or denied).
export const refillRequests = pgTable(
  'refill_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicationId: uuid('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who was asked: the medication's prescriber at the time of the request. */
    prescriberId: uuid('prescriber_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: REFILL_STATUSES }).notNull().default('requested'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The prescriber's reason for a denial, shown to the patient. */
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refill_requests_medication_idx').on(t.medicationId, t.createdAt),
    index('refill_requests_patient_idx').on(t.patientId, t.createdAt),
    index('refill_requests_prescriber_idx').on(t.prescriberId),
    index('refill_requests_decided_by_idx').on(t.decidedBy),
    // At most one open request per medication; a second one is refused (409), not queued.
    uniqueIndex('refill_requests_open_idx')
      .on(t.medicationId)
      .where(sql`${t.status} = 'requested'`),
    check('refill_requests_status_check', sql`${t.status} in ('requested', 'approved', 'denied')`),
    check('refill_requests_decided_check', sql`(${t.status} = 'requested') = (${t.decidedAt} is null)`),
  ],
);

export type RefillRequestRow = typeof refillRequests.$inferSelect;
