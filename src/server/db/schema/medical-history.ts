import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEDICAL_HISTORY_CATEGORIES } from '../../../contracts/health-records';
import { users } from './users';

// Past medical history (conditions, operations, hospital stays) and family history.
export const medicalHistoryEntries = pgTable(
  'medical_history_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: MEDICAL_HISTORY_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    occurredOn: date('occurred_on'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('medical_history_entries_patient_idx').on(t.patientId)],
);

export const familyHistoryEntries = pgTable(
  'family_history_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Mother, father, sister, maternal grandmother, ... */
    relationship: text('relationship').notNull(),
    condition: text('condition').notNull(),
    icd10Code: text('icd10_code'),
    onsetAge: integer('onset_age'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_history_entries_patient_idx').on(t.patientId)],
);

export type NewMedicalHistoryEntryRow = typeof medicalHistoryEntries.$inferInsert;
export type NewFamilyHistoryEntryRow = typeof familyHistoryEntries.$inferInsert;
