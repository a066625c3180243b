import { sql } from 'drizzle-orm';
import { index, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// A patient's own fields, as registration gives them (docs/product.md, Registration).
/** Medical record numbers come from one database sequence, so two registrations never collide. */
export const medicalRecordNumberSequence = pgSequence('medical_record_number_seq', { startWith: 100001 });

export const patientProfiles = pgTable(
  'patient_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Assigned by the database (MRN + 8 digits); unique across the organisation. */
    medicalRecordNumber: text('medical_record_number')
      .notNull()
      .unique()
      .default(sql`'MRN' || lpad(nextval('medical_record_number_seq')::text, 8, '0')`),
    bloodType: text('blood_type', { enum: ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'Unknown'] })
      .notNull()
      .default('Unknown'),
    maritalStatus: text('marital_status', { enum: ['single', 'married', 'divorced', 'widowed', 'other'] }),
    occupation: text('occupation'),
    insuranceProvider: text('insurance_provider'),
    insurancePolicyNumber: text('insurance_policy_number'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    // As the patient reported them at registration; clinicians confirm them
    // into the structured allergy, medication and problem records.
    reportedAllergies: text('reported_allergies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reportedMedications: text('reported_medications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reportedConditions: text('reported_conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  // A directory search by part of a record number.
  (t) => [index('patient_profiles_mrn_trgm_idx').using('gin', sql`${t.medicalRecordNumber} gin_trgm_ops`)],
);

export type PatientProfileRow = typeof patientProfiles.$inferSelect;
export type NewPatientProfileRow = typeof patientProfiles.$inferInsert;
