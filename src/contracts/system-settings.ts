import { z } from 'zod';
import { AUTH, SESSION } from './constants';
import { defineRoute } from './http';
import { ROLES, type Role } from './roles';

// Settings an administrator changes while the server runs (GET/PUT /api/admin/system-settings):
// the session inactivity timeout, the password minimum, a second factor per role, appointment
// reminder times, the mail sender, the clinic's time zone and opening hours, and which patient bookings wait for the clinic's approval. A null value means "not set": the server's configuration or
// built-in default applies, and the answer says which value is in force and where it comes from.

/** Reminder times, in whole hours before the start: a few, each within two weeks, none twice. */
export const REMINDER_BOUNDS = { maxKinds: 4, maxHours: 336 } as const;

export const SYSTEM_SETTINGS_BOUNDS = {
  sessionTimeoutMinutes: { min: 5, max: 60, default: SESSION.inactivityTimeoutMs / 60_000 },
  // The built-in minimum (AUTH.passwordMinLength) stays in force until an admin sets one: a stored
  // minimum is at least 12, the length current guidance asks of a password without other rules.
  passwordMinLength: { min: 12, max: 64, default: AUTH.passwordMinLength },
  reminderHours: { min: 1, max: REMINDER_BOUNDS.maxHours, maxCount: REMINDER_BOUNDS.maxKinds },
  mailFromName: { max: 200 },
} as const;

/** Wall-clock times of the clinic's opening hours: whole minutes on this step. */
export const CLINIC_HOURS_STEP_MINUTES = 5;

/** A weekday's opening hours in the clinic's zone ("HH:mm"; "24:00" closes at midnight), or null when the clinic is closed. */
export interface ClinicDay {
  open: string;
  close: string;
}
/** Seven entries, one per weekday, 0 = Sunday … 6 = Saturday (as doctors' weekly hours count them). */
export type ClinicHours = (ClinicDay | null)[];

/**
 * Until an admin sets them: Monday to Friday 08:00–18:00, Saturday morning, closed on Sunday, which
 * holds every doctor's hours of the demo, so a deployment offers the same slots as before.
 */
export const DEFAULT_CLINIC_HOURS: ClinicHours = [
  null,
  { open: '08:00', close: '18:00' },
  { open: '08:00', close: '18:00' },
  { open: '08:00', close: '18:00' },
  { open: '08:00', close: '18:00' },
  { open: '08:00', close: '18:00' },
  { open: '09:00', close: '13:00' },
];

let knownZones: Set<string> | undefined;

/** The zones a clinic may choose from: UTC, then the IANA zones this runtime knows, by their canonical names. */
export function clinicTimeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

export function isClinicTimeZone(zone: string): boolean {
  knownZones ??= new Set(clinicTimeZones());
  return knownZones.has(zone);
}
/**
 * Which bookings a patient makes for themself wait for the clinic's approval (stored "requested"):
 * none, those with a doctor the patient has no scheduled or completed visit with, or all. Staff
 * booking for a patient never wait.
 */
export const BOOKING_APPROVAL_MODES = ['none', 'new-patients', 'all'] as const;
export type BookingApprovalMode = (typeof BOOKING_APPROVAL_MODES)[number];
export const BOOKING_APPROVAL_DEFAULT: BookingApprovalMode = 'new-patients';

/** Where a setting's value in force comes from. */
export const SETTING_SOURCES = ['saved', 'configuration', 'default'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

const setting = <T extends z.ZodType>(value: T) =>
  z.object({
    /** What an admin saved; null when unset. */
    saved: value.nullable(),
    /** The value the server uses now. */
    effective: value,
    source: z.enum(SETTING_SOURCES),
  });

export const mfaRequiredSchema = z.object({
  patient: z.boolean('choice.invalid'),
  doctor: z.boolean('choice.invalid'),
  staff: z.boolean('choice.invalid'),
  admin: z.boolean('choice.invalid'),
}) satisfies z.ZodType<Record<Role, boolean>>;
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

export const systemSettingsSchema = z.object({
  /** Sent back with a change: a save based on an older version is refused. */
  version: z.number().int(),
  /** Null until an admin first saves. */
  updatedAt: z.iso.datetime().nullable(),
  sessionTimeoutMinutes: setting(z.number().int()),
  passwordMinLength: setting(z.number().int()),
  mfaRequired: mfaRequiredSchema,
  reminderHoursBefore: setting(z.array(z.number().int())),
  mailFromName: setting(z.string()),
  mailFromAddress: setting(z.string()),
  clinicTimeZone: setting(z.string()),
  clinicHours: setting(z.array(z.object({ open: z.string(), close: z.string() }).nullable())),
  bookingApproval: setting(z.enum(BOOKING_APPROVAL_MODES)),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** Form inputs send numbers as text; both are accepted, and an empty field means "not set". */
const optionalWhole = (min: number, max: number, key: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value.trim()) : value),
    z.number(key).int(key).min(min, key).max(max, key).nullable(),
  );

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'text.tooLong')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const { reminderHours } = SYSTEM_SETTINGS_BOUNDS;

/** Hours before a visit, each at most once; stored largest first. An empty list means "not set". */
export const reminderHoursSchema = z
  .array(
    z.number('reminders.range').int('reminders.range').min(reminderHours.min, 'reminders.range').max(reminderHours.max, 'reminders.range'),
  )
  .max(reminderHours.maxCount, 'reminders.tooMany')
  .refine((hours) => new Set(hours).size === hours.length, 'reminders.duplicate')
  .nullable()
  .optional()
  .transform((hours) => (hours && hours.length > 0 ? [...hours].sort((a, b) => b - a) : null));

const clinicTime = z
  .string('clinicHours.time')
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'clinicHours.time')
  .refine((time) => Number(time.slice(3, 5)) % CLINIC_HOURS_STEP_MINUTES === 0, 'clinicHours.time');

/** One weekday: closing after opening, both on the step. */
export const clinicDaySchema = z
  .object({ open: clinicTime, close: clinicTime })
  .strict()
  .refine((day) => day.close > day.open, { message: 'clinicHours.order', path: ['close'] });

/** Seven weekdays, Sunday first; null closes the day. Null or absent: the built-in hours. */
export const clinicHoursSchema = z.array(clinicDaySchema.nullable()).length(7, 'choice.invalid');

export const systemSettingsUpdateSchema = z
  .object({
    version: z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid'),
    sessionTimeoutMinutes: optionalWhole(
      SYSTEM_SETTINGS_BOUNDS.sessionTimeoutMinutes.min,
      SYSTEM_SETTINGS_BOUNDS.sessionTimeoutMinutes.max,
      'sessionTimeout.range',
    ),
    passwordMinLength: optionalWhole(
      SYSTEM_SETTINGS_BOUNDS.passwordMinLength.min,
      SYSTEM_SETTINGS_BOUNDS.passwordMinLength.max,
      'passwordMinLength.range',
    ),
    mfaRequired: mfaRequiredSchema.strict(),
    reminderHoursBefore: reminderHoursSchema,
    mailFromName: optionalText(SYSTEM_SETTINGS_BOUNDS.mailFromName.max),
    mailFromAddress: z
      .string('email.invalid')
      .trim()
      .max(320, 'email.invalid')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'email.invalid')
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    /** An IANA zone from the list; null or absent: the server's CLINIC_TIME_ZONE. */
    clinicTimeZone: z
      .string('timeZone.unknown')
      .max(64, 'timeZone.unknown')
      .refine(isClinicTimeZone, 'timeZone.unknown')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    clinicHours: clinicHoursSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    /** Left out or null: the built-in default (new patients). */
    bookingApproval: z
      .enum(BOOKING_APPROVAL_MODES, 'choice.invalid')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .strict();
export type SystemSettingsUpdate = z.input<typeof systemSettingsUpdateSchema>;
export type SystemSettingsValues = z.output<typeof systemSettingsUpdateSchema>;

export const systemSettingsResponseSchema = z.object({ data: systemSettingsSchema });

export const MFA_ROLES: readonly Role[] = ROLES;

/** Settings that apply to every sign-in and mail, edited by administrators holding system.config. */
export const systemSettingsApi = {
  get: defineRoute({ method: 'GET', path: '/api/admin/system-settings', response: systemSettingsResponseSchema }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/admin/system-settings',
    body: systemSettingsUpdateSchema,
    response: systemSettingsResponseSchema,
    errors: ['SETTINGS_VERSION_CONFLICT'],
  }),
};
