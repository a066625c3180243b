import { z } from 'zod';
import { appointmentSchema } from './appointments';
import { boundedDateSchema, isOrderedRange, isRangeWithin } from './dates';
import { defineRoute, idParamsSchema } from './http';

// The doctor's home: the day's counts, their own schedule over a bounded range, and the visit
// steps they take on their own appointments. Days are calendar days of the clinic's time zone
// (a system setting, CLINIC_TIME_ZONE until an admin chooses one), the same clock the doctors' weekly hours are kept in; instants travel in UTC.

export const DOCTOR_SCHEDULE = {
  /** GET /api/doctor/schedule covers at most this many calendar days (six weeks: a month view with its edges). */
  maxRangeDays: 42,
} as const;

/**
 * The steps a doctor takes on a visit: start (scheduled or checked-in → in-progress), complete
 * (in-progress → completed), no-show (scheduled or checked-in → no-show, once the start time has passed).
 */
export const VISIT_ACTIONS = ['start', 'complete', 'no-show'] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];

/** Which statuses each step may leave from; anything else is refused with VISIT_TRANSITION_INVALID. */
export const VISIT_TRANSITIONS = {
  start: { from: ['scheduled', 'checked-in'], to: 'in-progress' },
  complete: { from: ['in-progress'], to: 'completed' },
  'no-show': { from: ['scheduled', 'checked-in'], to: 'no-show' },
} as const satisfies Record<VisitAction, { from: readonly string[]; to: string }>;

export const DOCTOR_PORTAL_MESSAGES = {
  transition: 'This visit cannot take that step from its current status.',
  noShowTooEarly: 'A visit can be marked as a no-show only after its start time.',
} as const;

export const dashboardStatsSchema = z.object({
  /** Today's calendar day in the clinic's zone. */
  date: z.iso.date(),
  clinicTimeZone: z.string(),
  /** The doctor's appointments today that are not cancelled. */
  todaysVisits: z.number().int(),
  /** Of those, the ones checked in and waiting to be seen. */
  waitingNow: z.number().int(),
  /** Refill requests addressed to the doctor, still undecided. */
  pendingRefills: z.number().int(),
  /** Tasks assigned to the doctor, still open. */
  openTasks: z.number().int(),
  /** Resulted lab orders of the doctor's patients with an out-of-range component, not yet released to the patient. */
  abnormalLabs: z.number().int(),
  /** The doctor's clinical notes still drafts, waiting for their signature. */
  unsignedNotes: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export const dashboardStatsResponseSchema = z.object({ data: dashboardStatsSchema });

/** Calendar days of the clinic's zone, both or neither: without them, the clinic's today. */
export const scheduleQuerySchema = z
  .object({ from: boundedDateSchema().optional(), to: boundedDateSchema().optional() })
  .strict()
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'date.invalid', path: ['to'] })
  .refine((q) => isOrderedRange(q.from, q.to), { message: 'date.rangeOrder', path: ['to'] })
  .refine((q) => isRangeWithin(q.from, q.to, DOCTOR_SCHEDULE.maxRangeDays), { message: 'date.rangeTooLong', path: ['to'] });
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

export const scheduleItemSchema = appointmentSchema.extend({
  /** Today only, for a visit still waiting: its place among the doctor's visits of the day still to be seen. */
  queuePosition: z.number().int().nullable(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const scheduleResponseSchema = z.object({
  clinicTimeZone: z.string(),
  /** Today in the clinic's zone, so the page knows which day's queue it shows. */
  today: z.iso.date(),
  from: z.iso.date(),
  to: z.iso.date(),
  data: z.array(scheduleItemSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const visitActionSchema = z.object({ action: z.enum(VISIT_ACTIONS, 'choice.invalid') }).strict();
export type VisitActionRequest = z.input<typeof visitActionSchema>;

export const visitResponseSchema = z.object({ data: scheduleItemSchema });

export const doctorPortalApi = {
  stats: defineRoute({
    method: 'GET',
    path: '/api/doctor/dashboard-stats',
    response: dashboardStatsResponseSchema,
  }),
  schedule: defineRoute({
    method: 'GET',
    path: '/api/doctor/schedule',
    query: scheduleQuerySchema,
    response: scheduleResponseSchema,
  }),
  visit: defineRoute({
    method: 'POST',
    path: '/api/doctor/appointments/:id/visit',
    params: idParamsSchema,
    body: visitActionSchema,
    response: visitResponseSchema,
    errors: ['NOT_FOUND', 'VISIT_TRANSITION_INVALID'],
  }),
};
