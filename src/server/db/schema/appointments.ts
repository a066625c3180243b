import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, PARKING_RESERVATION_STATUSES } from '../../../contracts/appointments';
import { ROLES } from '../../../contracts/roles';
import { doctorProfiles } from './doctors';
import { users } from './users';

// Appointments. One instant (starts_at) plus a duration instead of separate
// date and time strings: the client shows it in the viewer's time zone. Queue position and
// estimated wait are computed on the day from check-ins, not stored.
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    type: text('type', { enum: APPOINTMENT_TYPES }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('scheduled'),
    reason: text('reason').notNull(),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    bookedByRole: text('booked_by_role', { enum: ROLES }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** When the desk noted that the patient is running late (the status stays scheduled). */
    lateAt: timestamp('late_at', { withTimezone: true }),
    /**
     * When the patient said they will come (a reminder's confirm link, or their appointment list).
     * A new time clears it: the patient has not confirmed that one.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    // A doctor's day and week; with status and type in it too, one doctor's or one specialty's figures
    // for a year are read from the index alone.
    index('appointments_doctor_starts_idx').on(t.doctorId, t.startsAt, t.status, t.type),
    index('appointments_booked_by_idx').on(t.bookedBy),
    // The clinic's figures count a period's appointments by doctor, status and type: with those in the
    // index, a year of a large clinic is read from the index alone, never from the wide rows.
    index('appointments_starts_idx').on(t.startsAt, t.doctorId, t.status, t.type),
    // No double booking, decided by the database: two bookings of one doctor's start time race to
    // this index and exactly one wins. A cancelled appointment frees its slot; a no-show does not.
    uniqueIndex('appointments_doctor_slot_unique')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} <> 'cancelled'`),
    check(
      'appointments_status_check',
      sql`${t.status} in ('requested', 'scheduled', 'checked-in', 'in-progress', 'completed', 'cancelled', 'no-show')`,
    ),
    check('appointments_type_check', sql`${t.type} in ('in-person', 'video')`),
    check('appointments_duration_check', sql`${t.durationMinutes} between 5 and 480`),
  ],
);

// Parking reservations: at most one per appointment, for in-person visits.
export const parkingReservations = pgTable(
  'parking_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licensePlate: text('license_plate').notNull(),
    arrivalAt: timestamp('arrival_at', { withTimezone: true }).notNull(),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: PARKING_RESERVATION_STATUSES }).notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parking_reservations_patient_idx').on(t.patientId),
    check('parking_reservations_range_check', sql`${t.arrivalAt} < ${t.departureAt}`),
  ],
);

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type NewParkingReservationRow = typeof parkingReservations.$inferInsert;
