import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citext } from './types';
import { users } from './users';

// Sessions, sign-in throttling, password resets, recovery codes, passkeys, settings and the mail
// outbox. Every secret is stored as a SHA-256 hash; the raw value exists only in the
// cookie, the e-mail or the screen that showed it once.

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the 256-bit cookie token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The session's CSRF token (sent in answers to GET /api/csrf-token, never in a cookie). */
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: last activity + 30 minutes. */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    /** Fixed: sign-in + 12 hours. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per key ("account:<email>|ip:<ip>" or "ip:<ip>") within the current window. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Browsers a user has signed in from (a long-lived device cookie, only its hash kept here). A known
 * device is let through the account-wide sign-in delay, so strangers guessing from elsewhere cannot
 * lock the user out; it skips nothing else (password, second factor, the per-address limits).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the 256-bit cookie token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId, t.lastUsedAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url credential id, as the browser reports it. */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceName: text('device_name'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
);

/** A challenge is good for one ceremony, for a few minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webauthn_challenges_user_idx').on(t.userId),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('registration', 'authentication')`),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme', { enum: ['light', 'dark'] }),
  language: text('language'),
  biometricEnabled: boolean('biometric_enabled').notNull().default(false),
  // Which live notifications the user wants as toasts; all on until turned off.
  notifyAppointments: boolean('notify_appointments').notNull().default(true),
  notifyLabResults: boolean('notify_lab_results').notNull().default(true),
  notifyMessages: boolean('notify_messages').notNull().default(true),
  notifySystem: boolean('notify_system').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the portal sends; without SMTP_URL this table is where mail goes. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: citext('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Delivery attempts so far; the sweep gives up after a few. */
    attempts: integer('attempts').notNull().default(0),
    /** While in the future, one instance is delivering the message. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
