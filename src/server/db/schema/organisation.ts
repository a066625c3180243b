import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// The organisation's public identity (landing page, footer, emails) and its clinics
// (the landing page's map). One settings row at most (id = 1); until an admin saves it, the
// server answers the configuration's name and support address.
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    /** An image path under the app (/brand/logo.svg) or a small data: URL uploaded by an admin. */
    logoUrl: text('logo_url'),
    supportEmail: text('support_email').notNull(),
    phone: text('phone'),
    address: text('address'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('organisation_settings_single_row', sql`${t.id} = 1`), index('organisation_settings_updated_by_idx').on(t.updatedBy)],
);

export const clinics = pgTable(
  'clinics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('clinics_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('clinics_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

export type OrganisationSettingsRow = typeof organisationSettings.$inferSelect;
export type ClinicRow = typeof clinics.$inferSelect;
export type NewClinicRow = typeof clinics.$inferInsert;
