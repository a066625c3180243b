import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Role } from '../../contracts/roles';
import {
  BOOKING_APPROVAL_DEFAULT,
  isClinicTimeZone,
  SYSTEM_SETTINGS_BOUNDS,
  type BookingApprovalMode,
  type ClinicHours,
  type MfaRequired,
  type SettingSource,
  type SystemSettings,
} from '../../contracts/system-settings';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { systemSettings, type SystemSettingsRow } from '../db/schema';

// The system settings in force: what an admin saved (system_settings, one row), else the server's
// configuration or built-in default. Read on every session renewal, password change and mail, so
// they are kept in memory, but only briefly: with several instances (REDIS_URL) a save on one must
// reach the others without a restart. A bounded age does that with no message to lose: every
// instance reads the row again at most CACHE_MS after it last did, and the instance that saved
// forgets its copy at once. A few seconds of an older timeout or reminder list on another instance
// harms nobody, and a lost or late bus message could otherwise leave one instance stale for good.

export const SYSTEM_SETTINGS_CACHE_MS = 5_000;

export interface EffectiveSystemSettings {
  sessionTimeoutMs: number;
  passwordMinLength: number;
  mfaRequired: MfaRequired;
  reminderHoursBefore: number[];
  /** The From header of every mail the outbox sends. */
  mailFrom: { name: string; address: string };
  /** The IANA zone of the clinic's wall clock: its days, doctors' hours and opening hours. */
  clinicTimeZone: string;
  /** Seven weekdays, Sunday first: when the clinic is open, in its zone; null when closed. */
  clinicHours: ClinicHours;
  /** Which bookings a patient makes for themself wait for the clinic's approval. */
  bookingApproval: BookingApprovalMode;
}

export type SettingsConfig = Pick<
  AppConfig,
  'reminderHoursBefore' | 'organisationName' | 'supportEmail' | 'clinicTimeZone' | 'clinicHours'
>;

const NO_MFA: MfaRequired = { patient: false, doctor: false, staff: false, admin: false };

function pick<T>(saved: T | null, fallback: T, fallbackSource: SettingSource) {
  return saved === null
    ? { saved: null, effective: fallback, source: fallbackSource }
    : { saved, effective: saved, source: 'saved' as const };
}

/** What GET /api/admin/system-settings answers: each setting saved, in force, and from where. */
export function describeSystemSettings(row: SystemSettingsRow | undefined, config: SettingsConfig): SystemSettings {
  return {
    version: row?.version ?? 1,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    sessionTimeoutMinutes: pick(row?.sessionTimeoutMinutes ?? null, SYSTEM_SETTINGS_BOUNDS.sessionTimeoutMinutes.default, 'default'),
    passwordMinLength: pick(row?.passwordMinLength ?? null, SYSTEM_SETTINGS_BOUNDS.passwordMinLength.default, 'default'),
    mfaRequired: row ? mfaOf(row) : NO_MFA,
    reminderHoursBefore: pick(row?.reminderHoursBefore ?? null, config.reminderHoursBefore, 'configuration'),
    mailFromName: pick(row?.mailFromName ?? null, config.organisationName, 'configuration'),
    mailFromAddress: pick(row?.mailFromAddress ?? null, config.supportEmail, 'configuration'),
    // A zone this runtime no longer knows (after an upgrade of its zone data) falls back to the configuration.
    clinicTimeZone: pick(
      row?.clinicTimeZone && isClinicTimeZone(row.clinicTimeZone) ? row.clinicTimeZone : null,
      config.clinicTimeZone,
      'configuration',
    ),
    clinicHours: pick(row?.clinicHours ?? null, config.clinicHours, 'default'),
    bookingApproval: pick(row?.bookingApproval ?? null, BOOKING_APPROVAL_DEFAULT, 'default'),
  };
}

function mfaOf(row: SystemSettingsRow): MfaRequired {
  return { patient: row.mfaRequiredPatient, doctor: row.mfaRequiredDoctor, staff: row.mfaRequiredStaff, admin: row.mfaRequiredAdmin };
}

export function effectiveSystemSettings(row: SystemSettingsRow | undefined, config: SettingsConfig): EffectiveSystemSettings {
  const described = describeSystemSettings(row, config);
  return {
    sessionTimeoutMs: described.sessionTimeoutMinutes.effective * 60_000,
    passwordMinLength: described.passwordMinLength.effective,
    mfaRequired: described.mfaRequired,
    reminderHoursBefore: described.reminderHoursBefore.effective,
    mailFrom: { name: described.mailFromName.effective, address: described.mailFromAddress.effective },
    clinicTimeZone: described.clinicTimeZone.effective,
    clinicHours: described.clinicHours.effective,
    bookingApproval: described.bookingApproval.effective,
  };
}

/** A From header: the name quoted, so a comma or angle bracket in it cannot add an address. */
export function mailFromHeader(from: { name: string; address: string }): string {
  return `"${from.name.replace(/["\\\r\n]/g, ' ')}" <${from.address}>`;
}

export interface SystemSettingsSource {
  current(): Promise<EffectiveSystemSettings>;
  /**
   * The settings of the last read, without waiting (the configuration's until the first one).
   * Every API request reads `current()` before its handler runs, so during a request this is at
   * most SYSTEM_SETTINGS_CACHE_MS old; rules deep inside a unit of work ask this one, since a
   * read of the row there would wait on the pool the transaction holds.
   */
  latest(): EffectiveSystemSettings;
  /** Whether a role must have a second factor now. */
  mfaRequiredFor(role: Role): Promise<boolean>;
  /** Called after a save on this instance: the next read sees it at once. */
  forget(): void;
}

export function systemSettingsSource(db: Database, config: SettingsConfig, now: () => number = Date.now): SystemSettingsSource {
  let cached: { value: EffectiveSystemSettings; at: number } | undefined;
  let last = effectiveSystemSettings(undefined, config);
  let reading: Promise<EffectiveSystemSettings> | undefined;
  // A read that started before a save must not put the old values back in the cache.
  let generation = 0;
  const read = async () => {
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
    return effectiveSystemSettings(row, config);
  };
  const source: SystemSettingsSource = {
    async current() {
      if (cached && now() - cached.at < SYSTEM_SETTINGS_CACHE_MS) return cached.value;
      // Requests arriving together share one read.
      const started = generation;
      reading ??= read()
        .then((value) => {
          if (started === generation) {
            cached = { value, at: now() };
            last = value;
          }
          return value;
        })
        .finally(() => {
          reading = undefined;
        });
      return reading;
    },
    latest() {
      return last;
    },
    async mfaRequiredFor(role) {
      return (await source.current()).mfaRequired[role];
    },
    forget() {
      generation += 1;
      cached = undefined;
      reading = undefined;
    },
  };
  return source;
}

declare module 'fastify' {
  interface FastifyInstance {
    systemSettings: SystemSettingsSource;
  }
}

export function registerSystemSettings(app: FastifyInstance): void {
  app.decorate('systemSettings', systemSettingsSource(app.db, app.config));
  // After the limits, the access check and validation, before the handler: the settings the
  // handler's rules read synchronously (the clinic's zone and hours) are brought up to date. A
  // fresh copy costs nothing; a stale one is one read shared by the requests arriving together.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    try {
      await app.systemSettings.current();
    } catch {
      // The handler will meet the same database; the last values stand meanwhile.
      request.log.warn('system settings could not be read; the last ones stand');
    }
  });
}
