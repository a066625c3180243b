import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { VITAL_SOURCES, VITAL_TYPES } from '../../../contracts/health-records';
import { users } from './users';

// Vital signs: one row per measure (blood pressure is two rows, systolic and diastolic,
// with the same measured_at), in the unit of contracts VITAL_DEFINITIONS.
export const vitals = pgTable(
  'vitals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: VITAL_TYPES }).notNull(),
    value: numeric('value', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: VITAL_SOURCES }).notNull().default('clinic'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A trend chart reads one patient's one measure in time order.
  (t) => [
    index('vitals_patient_type_measured_idx').on(t.patientId, t.type, t.measuredAt),
    index('vitals_recorded_by_idx').on(t.recordedBy),
  ],
);

export type NewVitalRow = typeof vitals.$inferInsert;
