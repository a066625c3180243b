import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTE_STATUSES } from '../../../contracts/clinical-notes';
import { appointments } from './appointments';
import { users } from './users';

// Doctors' notes templates: the owner's alone, or shared with every doctor. Section texts may hold
// named fields ({{vitals}} …) that are filled from the patient's record when a note starts from one.
export const noteTemplates = pgTable(
  'note_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    shared: boolean('shared').notNull().default(false),
    subjective: text('subjective').notNull().default(''),
    objective: text('objective').notNull().default(''),
    assessment: text('assessment').notNull().default(''),
    plan: text('plan').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_templates_owner_idx').on(t.ownerId), index('note_templates_specialty_idx').on(t.specialty, t.name)],
);

// A doctor's note on a patient: for one visit (at most one note per appointment) or free-standing.
// Drafts change under optimistic concurrency (version); signing locks the note for good.
export const clinicalNotes = pgTable(
  'clinical_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => noteTemplates.id, { onDelete: 'set null' }),
    status: text('status', { enum: NOTE_STATUSES }).notNull().default('draft'),
    subjective: text('subjective').notNull().default(''),
    objective: text('objective').notNull().default(''),
    assessment: text('assessment').notNull().default(''),
    plan: text('plan').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    version: integer('version').notNull().default(1),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clinical_notes_doctor_idx').on(t.doctorId, t.status, t.updatedAt),
    index('clinical_notes_patient_idx').on(t.patientId, t.createdAt),
    index('clinical_notes_template_idx').on(t.templateId),
    index('clinical_notes_signed_by_idx').on(t.signedBy),
    uniqueIndex('clinical_notes_appointment_unique').on(t.appointmentId),
    check('clinical_notes_status_check', sql`${t.status} in ('draft', 'signed')`),
    check('clinical_notes_signed_check', sql`(${t.status} = 'signed') = (${t.signedAt} is not null)`),
  ],
);

// What was added to a signed note afterwards; never changed or removed.
export const clinicalNoteAddenda = pgTable(
  'clinical_note_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => clinicalNotes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clinical_note_addenda_note_idx').on(t.noteId, t.createdAt), index('clinical_note_addenda_author_idx').on(t.authorId)],
);

// The patient-facing summary of a visit, released when the doctor signs the visit's note: what the
// patient's visit-notes view shows under that visit.
export const visitSummaries = pgTable(
  'visit_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id')
      .notNull()
      .unique()
      .references(() => clinicalNotes.id, { onDelete: 'cascade' }),
    instructions: text('instructions').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('visit_summaries_patient_idx').on(t.patientId, t.releasedAt), index('visit_summaries_doctor_idx').on(t.doctorId)],
);

export type ClinicalNoteRow = typeof clinicalNotes.$inferSelect;
export type NoteTemplateRow = typeof noteTemplates.$inferSelect;
