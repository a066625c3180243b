import { integer, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ALLERGY_SEVERITIES, ALLERGY_STATUSES, ALLERGY_TYPES } from '../../../contracts/health-records';
import { users } from './users';

// An allergy, confirmed by a clinician (the registration's free-text list stays
// on patient_profiles as reported).
export const allergies = pgTable(
  'allergies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    allergen: text('allergen').notNull(),
    /** The allergen's code (contracts/clinical-catalogue.ts ALLERGEN_CODES), when the catalogue words it; null for free text. */
    code: text('code'),
    type: text('type', { enum: ALLERGY_TYPES }).notNull(),
    severity: text('severity', { enum: ALLERGY_SEVERITIES }).notNull(),
    reaction: text('reaction'),
    status: text('status', { enum: ALLERGY_STATUSES }).notNull().default('active'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change: a save that names an older version is refused, so two clinicians never overwrite each other unseen. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('allergies_patient_idx').on(t.patientId), index('allergies_recorded_by_idx').on(t.recordedBy)],
);

export type NewAllergyRow = typeof allergies.$inferInsert;
