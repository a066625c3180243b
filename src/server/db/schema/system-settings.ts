import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_APPROVAL_MODES, type ClinicHours } from '../../../contracts/system-settings';
import { users } from './users';

// The settings an administrator changes while the server runs (session timeout, password minimum,
// second factor per role, reminder times, mail sender, the clinic's time zone and opening hours,
// which patient bookings wait for approval). One row at most (id = 1); a null column
// means the server's configuration or built-in default applies. `version` grows by one at every
// save, so two admins editing at once cannot overwrite each other unseen.
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(1),
    sessionTimeoutMinutes: integer('session_timeout_minutes'),
    passwordMinLength: integer('password_min_length'),
    mfaRequiredPatient: boolean('mfa_required_patient').notNull().default(false),
    mfaRequiredDoctor: boolean('mfa_required_doctor').notNull().default(false),
    mfaRequiredStaff: boolean('mfa_required_staff').notNull().default(false),
    mfaRequiredAdmin: boolean('mfa_required_admin').notNull().default(false),
    /** Hours before a visit, largest first; null: the configuration's REMINDER_HOURS_BEFORE. */
    reminderHoursBefore: integer('reminder_hours_before').array(),
    mailFromName: text('mail_from_name'),
    mailFromAddress: text('mail_from_address'),
    /** An IANA zone; null: the configuration's CLINIC_TIME_ZONE. */
    clinicTimeZone: text('clinic_time_zone'),
    /** Seven weekdays, Sunday first, each { open, close } or null (closed); null: the built-in hours. */
    clinicHours: jsonb('clinic_hours').$type<ClinicHours>(),
    /** Which patient bookings wait for approval (BOOKING_APPROVAL_MODES); null: the built-in default. */
    bookingApproval: text('booking_approval', { enum: BOOKING_APPROVAL_MODES }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('system_settings_single_row', sql`${t.id} = 1`),
    check('system_settings_booking_approval_check', sql`${t.bookingApproval} in ('none', 'new-patients', 'all')`),
    index('system_settings_updated_by_idx').on(t.updatedBy),
  ],
);

export type SystemSettingsRow = typeof systemSettings.$inferSelect;
