import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEDICATION_STATUSES } from '../../../contracts/medications';
import { users } from './users';

// Medications: current (active) and past (discontinued) prescriptions.
export const medications = pgTable(
  'medications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Drug, strength and form in RxNorm-like wording ("Lisinopril 10 mg oral tablet"). */
    name: text('name').notNull(),
    dosage: text('dosage').notNull(),
    frequency: text('frequency').notNull(),
    route: text('route'),
    instructions: text('instructions'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    status: text('status', { enum: MEDICATION_STATUSES }).notNull().default('active'),
    /** The prescribing doctor; null when prescribed outside the organisation. */
    prescribedBy: uuid('prescribed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The curated drug list's code (contracts/drug-catalogue.ts); null for a drug typed as free text. */
    drugCode: text('drug_code'),
    strength: text('strength'),
    quantity: integer('quantity'),
    refills: integer('refills'),
    durationDays: integer('duration_days'),
    /** Why the prescriber went on despite the allergy, duplicate or interaction warnings shown. */
    overrideReason: text('override_reason'),
    discontinuedAt: timestamp('discontinued_at', { withTimezone: true }),
    discontinuedReason: text('discontinued_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('medications_patient_status_idx').on(t.patientId, t.status),
    index('medications_prescribed_by_idx').on(t.prescribedBy),
    check('medications_status_check', sql`${t.status} in ('active', 'discontinued')`),
    check('medications_quantity_check', sql`${t.quantity} is null or ${t.quantity} > 0`),
    check('medications_refills_check', sql`${t.refills} is null or ${t.refills} >= 0`),
    check('medications_dates_check', sql`${t.endDate} is null or ${t.startDate} <= ${t.endDate}`),
  ],
);

export type MedicationRow = typeof medications.$inferSelect;
export type NewMedicationRow = typeof medications.$inferInsert;
