import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Immunizations: vaccines coded in CVX.
export const immunizations = pgTable(
  'immunizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cvxCode: text('cvx_code').notNull(),
    name: text('name').notNull(),
    administeredOn: date('administered_on').notNull(),
    doseNumber: integer('dose_number'),
    lotNumber: text('lot_number'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change: a save that names an older version is refused, so two clinicians never overwrite each other unseen. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('immunizations_patient_idx').on(t.patientId), index('immunizations_recorded_by_idx').on(t.recordedBy)],
);

export type NewImmunizationRow = typeof immunizations.$inferInsert;
