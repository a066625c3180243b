import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../../../contracts/appointments';

// Appointments counted ahead for the clinic's figures, so a year of a large clinic is read as a few
// thousand counts instead of every appointment. Triggers on appointments keep them in the same
// transaction as each insert, change and delete (migration "analytics-rollup"); nothing in the
// application writes them. Every bucket is in UTC, so a change of the clinic's time zone never makes
// them wrong: the clinic's days are worked out when they are read. A count that falls to zero is
// removed. No foreign keys: a doctor's deletion removes their appointments, and the triggers then
// take their counts out.

/** Appointments per UTC quarter hour of their start, status and type: the clinic's days are made of these. */
export const appointmentQuarterCounts = pgTable(
  'appointment_quarter_counts',
  {
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    type: text('type', { enum: APPOINTMENT_TYPES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quarter, t.status, t.type] })],
);

/** Appointments per UTC day of their start, doctor and status: the edges of a period's figures per doctor. */
export const appointmentDoctorDayCounts = pgTable(
  'appointment_doctor_day_counts',
  {
    day: date('day').notNull(),
    doctorId: uuid('doctor_id').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.doctorId, t.status] })],
);

/** Appointments per UTC month of their start (its first day), doctor and status: the body of a long period. */
export const appointmentDoctorMonthCounts = pgTable(
  'appointment_doctor_month_counts',
  {
    month: date('month').notNull(),
    doctorId: uuid('doctor_id').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.doctorId, t.status] })],
);
