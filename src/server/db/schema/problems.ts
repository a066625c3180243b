import { integer, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PROBLEM_STATUSES } from '../../../contracts/health-records';
import { users } from './users';

// The problem list: diagnoses coded in ICD-10.
export const problems = pgTable(
  'problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    icd10Code: text('icd10_code').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: PROBLEM_STATUSES }).notNull().default('active'),
    onsetDate: date('onset_date'),
    resolvedDate: date('resolved_date'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change: a save that names an older version is refused, so two clinicians never overwrite each other unseen. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('problems_patient_idx').on(t.patientId), index('problems_recorded_by_idx').on(t.recordedBy)],
);

export type NewProblemRow = typeof problems.$inferInsert;
