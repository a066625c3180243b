import { z } from 'zod';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from './appointments';
import { boundedDateSchema, isOrderedRange, isRangeWithin, optionalDaySchema } from './dates';
import { defineRoute } from './http';
import { SPECIALTIES } from './specialties';

// Analytics (first part): appointments over time by status and by type, no-show and cancellation
// rates by doctor and by weekday, and new patients over time. Every figure is counted by the
// database over the clinic's calendar days (its time zone); docs/analytics explains each one.

/** At most a year and a day per question: a longer period is refused rather than slow. */
export const ANALYTICS_MAX_DAYS = 366;
/** Without a period, the last this many days up to today. */
export const ANALYTICS_DEFAULT_DAYS = 90;
/** Periods up to this many days are counted per day; longer ones per week (Monday). */
export const ANALYTICS_DAILY_UP_TO_DAYS = 62;
export const ANALYTICS_GRANULARITIES = ['day', 'week'] as const;

const SPECIALTY_NAMES = SPECIALTIES.map((specialty) => specialty.name) as [string, ...string[]];

const ORDER_ISSUE = { message: 'date.rangeOrder', path: ['to'] };
const LENGTH_ISSUE = { message: 'date.rangeTooLong', path: ['to'] };

export const analyticsQuerySchema = z
  .object({
    from: boundedDateSchema().optional(),
    to: boundedDateSchema().optional(),
    doctorId: z.uuid('choice.invalid').optional(),
    specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid').optional(),
  })
  .strict()
  .refine((q) => isOrderedRange(q.from, q.to), ORDER_ISSUE)
  .refine((q) => isRangeWithin(q.from, q.to, ANALYTICS_MAX_DAYS), LENGTH_ISSUE);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The analytics filter form: its inputs as they hold them ('' for none); the rules are the query's. */
export const analyticsFilterFormSchema = z
  .object({
    from: optionalDaySchema(),
    to: optionalDaySchema(),
    doctorId: z.uuid('choice.invalid').or(z.literal('')),
    specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid').or(z.literal('')),
  })
  .refine((q) => isOrderedRange(q.from || undefined, q.to || undefined), ORDER_ISSUE)
  .refine((q) => isRangeWithin(q.from || undefined, q.to || undefined, ANALYTICS_MAX_DAYS), LENGTH_ISSUE);
export type AnalyticsFilterForm = z.infer<typeof analyticsFilterFormSchema>;

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).nullable();

export const appointmentBucketSchema = z.object({
  /** The first calendar day of the day or week (YYYY-MM-DD, the clinic's calendar). */
  bucket: z.string(),
  statuses: z.object(
    Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, count])) as Record<
      (typeof APPOINTMENT_STATUSES)[number],
      typeof count
    >,
  ),
  types: z.object(
    Object.fromEntries(APPOINTMENT_TYPES.map((type) => [type, count])) as Record<(typeof APPOINTMENT_TYPES)[number], typeof count>,
  ),
  total: count,
});
export type AppointmentBucket = z.infer<typeof appointmentBucketSchema>;

/** No-shows among visits that were due (completed or no-show); cancellations among every appointment. */
const rates = {
  total: count,
  due: count,
  noShows: count,
  cancelled: count,
  noShowRate: rate,
  cancellationRate: rate,
};

export const doctorRatesSchema = z.object({
  doctorId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string(),
  ...rates,
});
export type DoctorRates = z.infer<typeof doctorRatesSchema>;

export const weekdayRatesSchema = z.object({
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: z.number().int().min(1).max(7),
  ...rates,
});
export type WeekdayRates = z.infer<typeof weekdayRatesSchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(ANALYTICS_GRANULARITIES),
  clinicTimeZone: z.string(),
  appointments: z.array(appointmentBucketSchema),
  byDoctor: z.array(doctorRatesSchema),
  byWeekday: z.array(weekdayRatesSchema),
  /** Patients registered per bucket; not narrowed by doctor or specialty (a registration has neither). */
  newPatients: z.array(z.object({ bucket: z.string(), count })),
  /** The doctors the doctor filter offers. */
  doctors: z.array(z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), specialty: z.string() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics',
    query: analyticsQuerySchema,
    response: z.object({ data: analyticsSchema }),
  }),
};
