import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_LINK_ACTIONS } from '../../../contracts/appointment-links';
import { appointments } from './appointments';
import { users } from './users';

// Appointment reminders and the one-click links they carry.
//
// A reminder of one kind ("48h", "2h") is sent once per appointment: the row is inserted, with
// "on conflict do nothing", in the same transaction as the mail and the notification, so two
// instances running the job at once send it once.
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'appointment_reminders_pk', columns: [t.appointmentId, t.kind] })],
);

// A link that lets the patient confirm, reschedule or cancel one appointment without signing in.
// Only the SHA-256 of its token is kept; it works once, and not after the appointment has started.
export const appointmentActionLinks = pgTable(
  'appointment_action_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: APPOINTMENT_LINK_ACTIONS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_action_links_token_hash_idx').on(t.tokenHash),
    index('appointment_action_links_appointment_idx').on(t.appointmentId),
    check('appointment_action_links_action_check', sql`${t.action} in ('confirm', 'reschedule', 'cancel')`),
  ],
);

export type AppointmentActionLinkRow = typeof appointmentActionLinks.$inferSelect;
