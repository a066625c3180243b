import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../contracts/roles';
import { citext } from './types';

// Users, with the identity fields the server keeps (never sent to a client).
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: citext('email').notNull().unique(),
    /** argon2id; null means the account has no password yet (invited, activates through a reset link). */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('patient'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Staff position (reception, nurse, billing, pharmacy, records); shown in place of the role. */
    position: text('position'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender', { enum: ['male', 'female', 'other', 'prefer-not-to-say'] }),
    address: text('address'),
    avatarUrl: text('avatar_url'),
    preferredLanguage: text('preferred_language'),
    /** Country/region, ISO 3166-1 alpha-2. */
    country: text('country'),
    isFirstTimeLogin: boolean('is_first_time_login').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    // TOTP (RFC 6238). The pending secret is the one being enrolled, until its first code is confirmed.
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The last 30-second step whose code was accepted: a code is accepted once (no replay). */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('patient', 'doctor', 'staff', 'admin')`),
    check('users_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    // By role, and a role's accounts by when they were made (new patients per day or week).
    index('users_role_created_idx').on(t.role, t.createdAt),
    // Active accounts per role (the admin's home) counted from this index alone.
    index('users_active_role_idx')
      .on(t.role)
      .where(sql`${t.isActive}`),
    // Name search (header search, directory) uses trigram similarity.
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // The directory also matches "last first" and a day of birth; without these a search over a large
    // organisation reads every patient.
    index('users_name_reversed_trgm_idx').using('gin', sql`(${t.lastName} || ' ' || ${t.firstName}) gin_trgm_ops`),
    index('users_date_of_birth_idx').on(t.dateOfBirth),
    // The header search (modules/search): each name part folded (accents and case ignored, see
    // migration 0022) so a word is found in either order, as a fragment or with a typo, and the
    // e-mail and the phone's digits as fragments. Trigram GIN indexes serve LIKE and similarity (%).
    index('users_first_name_fold_trgm_idx').using('gin', sql`caredeck_fold(${t.firstName}) gin_trgm_ops`),
    index('users_last_name_fold_trgm_idx').using('gin', sql`caredeck_fold(${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}::text) gin_trgm_ops`),
    index('users_phone_digits_trgm_idx').using('gin', sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g') gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
