import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_TYPES } from '../../../contracts/appointments';
import { WAITLIST_ENTRY_STATUSES, WAITLIST_OFFER_STATUSES, WAITLIST_OPENING_STATUSES } from '../../../contracts/waitlist';
import { appointments } from './appointments';
import { doctorProfiles } from './doctors';
import { users } from './users';

// The waitlist: patients who would take an earlier time with a doctor, the slots that free up
// when an appointment is cancelled, and the offers of those slots to the waiting patients, one at
// a time in the order they joined.

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    /** The patient's booked appointment an offer moves earlier; null when an offer books a new one. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** What a new booking from an offer is (when there is no appointment to move). */
    type: text('type', { enum: APPOINTMENT_TYPES }).notNull().default('in-person'),
    reason: text('reason'),
    /** The last calendar day (clinic time) the patient would take; null for any day. */
    latestDate: date('latest_date', { mode: 'string' }),
    status: text('status', { enum: WAITLIST_ENTRY_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One active entry per patient and doctor, decided by the database.
    uniqueIndex('waitlist_entries_active_unique')
      .on(t.patientId, t.doctorId)
      .where(sql`${t.status} = 'active'`),
    index('waitlist_entries_doctor_idx').on(t.doctorId, t.createdAt),
    check('waitlist_entries_status_check', sql`${t.status} in ('active', 'left', 'booked')`),
    check('waitlist_entries_type_check', sql`${t.type} in ('in-person', 'video')`),
  ],
);

export const waitlistOpenings = pgTable(
  'waitlist_openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The cancelled appointment that freed the slot. */
    freedBy: uuid('freed_by').references(() => appointments.id, { onDelete: 'set null' }),
    status: text('status', { enum: WAITLIST_OPENING_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_openings_open_unique')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} = 'open'`),
    index('waitlist_openings_status_idx').on(t.status),
    check('waitlist_openings_status_check', sql`${t.status} in ('open', 'taken', 'unfilled', 'lapsed')`),
  ],
);

export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => waitlistOpenings.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('offered'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The appointment an accepted offer booked. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  },
  (t) => [
    // An entry is offered one opening once.
    uniqueIndex('waitlist_offers_opening_entry_unique').on(t.openingId, t.entryId),
    index('waitlist_offers_patient_idx').on(t.patientId, t.offeredAt),
    check('waitlist_offers_status_check', sql`${t.status} in ('offered', 'accepted', 'expired', 'gone')`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;
