import { z } from 'zod';
import { boundedDateSchema, isOrderedRange, isRangeWithin } from './dates';
import { defineRoute, idParamsSchema } from './http';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { personNameSchema } from './person-name';

// A doctor's working time: weekly hours and time off (which booking slots follow), leave asked of an
// administrator, and the coverage of the appointments an approved leave leaves without a doctor.
// Weekly hours are wall-clock times of the clinic's zone; time off and leave are whole calendar days
// of that zone, both ends counted.

export const SCHEDULE_LIMITS = {
  /** Separate ranges a doctor may work on one weekday (a morning and an afternoon, say). */
  rangesPerDay: 4,
  /** Time-off entries kept at once. */
  timeOffEntries: 60,
  /** Longest single time off or leave, in calendar days. */
  maxDays: 366,
  /** A leave starts at most this many days ahead of today. */
  leaveDaysAhead: 730,
  reasonMax: 500,
  decisionReasonMax: 500,
  leavePageSize: 20,
  /** Open coverage offers one list shows at most (the soonest first). */
  coverageListMax: 100,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "HH:mm", 00:00 to 23:59; `24:00` stands for the end of the day. */
const timeSchema = z
  .string('time.invalid')
  .max(5, 'time.invalid')
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'time.invalid');

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export const weeklyRangeSchema = z
  .object({
    /** 0 = Sunday … 6 = Saturday. */
    dayOfWeek: z.number('choice.invalid').int('choice.invalid').min(0, 'choice.invalid').max(6, 'choice.invalid'),
    startTime: timeSchema.refine((value) => value !== '24:00', 'time.invalid'),
    endTime: timeSchema,
  })
  .strict()
  .refine((range) => !TIME.test(range.startTime) || minutesOf(range.startTime) < minutesOf(range.endTime), {
    message: 'hours.order',
    path: ['endTime'],
  });
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

export const timeOffInputSchema = z
  .object({
    startDate: boundedDateSchema(),
    endDate: boundedDateSchema(),
    reason: z.string('text.invalidCharacters').trim().max(SCHEDULE_LIMITS.reasonMax, 'text.tooLong').optional(),
  })
  .strict()
  .refine((entry) => isOrderedRange(entry.startDate, entry.endDate), { message: 'date.rangeOrder', path: ['endDate'] })
  .refine((entry) => isRangeWithin(entry.startDate, entry.endDate, SCHEDULE_LIMITS.maxDays), {
    message: 'date.rangeTooLong',
    path: ['endDate'],
  });
export type TimeOffInput = z.infer<typeof timeOffInputSchema>;

/** Where two ranges of one weekday overlap: the index of the later one, for the form to point at. */
export function overlappingRanges(ranges: readonly WeeklyRange[]): number[] {
  const clashes: number[] = [];
  ranges.forEach((range, index) => {
    const clash = ranges.some(
      (other, j) =>
        j < index &&
        other.dayOfWeek === range.dayOfWeek &&
        minutesOf(other.startTime) < minutesOf(range.endTime) &&
        minutesOf(range.startTime) < minutesOf(other.endTime),
    );
    if (clash) clashes.push(index);
  });
  return clashes;
}

export const updateAvailabilitySchema = z
  .object({
    weekly: z.array(weeklyRangeSchema).max(7 * SCHEDULE_LIMITS.rangesPerDay, 'list.tooLong'),
    timeOff: z.array(timeOffInputSchema).max(SCHEDULE_LIMITS.timeOffEntries, 'list.tooLong'),
  })
  .strict()
  .superRefine((input, issue) => {
    for (const index of overlappingRanges(input.weekly)) {
      issue.addIssue({ code: 'custom', message: 'hours.overlap', path: ['weekly', index, 'startTime'] });
    }
    for (let day = 0; day < 7; day += 1) {
      if (input.weekly.filter((range) => range.dayOfWeek === day).length > SCHEDULE_LIMITS.rangesPerDay) {
        issue.addIssue({ code: 'custom', message: 'hours.tooMany', path: ['weekly'] });
        break;
      }
    }
  });
export type UpdateAvailability = z.infer<typeof updateAvailabilitySchema>;

export const timeOffSchema = z.object({
  id: z.uuid(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  reason: z.string().nullable(),
  /** Set when an approved leave made this time off; it goes with the leave, not with the editor. */
  leaveRequestId: z.uuid().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export const availabilitySchema = z.object({
  doctorId: z.uuid(),
  clinicTimeZone: z.string(),
  weekly: z.array(z.object({ dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string() })),
  timeOff: z.array(timeOffSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityResponseSchema = z.object({ data: availabilitySchema });

// ---- Leave ----

export const LEAVE_TYPES = ['vacation', 'sick', 'conference', 'personal', 'other'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const LEAVE_DECISIONS = ['approved', 'rejected'] as const;
export type LeaveDecision = (typeof LEAVE_DECISIONS)[number];

export const coverageSummarySchema = z.object({ open: z.number().int(), covered: z.number().int() });

export const leaveRequestSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  /** The doctor's name in parts, which the web orders and titles in the reader's language. */
  doctor: personNameSchema,
  specialty: z.string(),
  type: z.enum(LEAVE_TYPES),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  reason: z.string().nullable(),
  status: z.enum(LEAVE_STATUSES),
  decisionReason: z.string().nullable(),
  /** Who decided, in parts; null while pending or when the account is gone. */
  decidedBy: personNameSchema.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Appointments of an approved leave still waiting for a colleague, and those taken over. */
  coverage: coverageSummarySchema,
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const LEAVE_LIST_FILTERS = ['pending', 'approved', 'rejected', 'withdrawn', 'all'] as const;
export const leaveListQuerySchema = z
  .object({
    status: z.enum(LEAVE_LIST_FILTERS, 'choice.invalid').default('all'),
    ...pageQueryFields(SCHEDULE_LIMITS.leavePageSize),
  })
  .strict();
export type LeaveListQuery = z.infer<typeof leaveListQuerySchema>;
export const leaveListResponseSchema = pagedResponseSchema(leaveRequestSchema);
export type LeaveListResponse = z.infer<typeof leaveListResponseSchema>;

export const createLeaveSchema = z
  .object({
    type: z.enum(LEAVE_TYPES, 'choice.invalid'),
    startDate: boundedDateSchema(),
    endDate: boundedDateSchema(),
    reason: z.string('text.invalidCharacters').trim().max(SCHEDULE_LIMITS.reasonMax, 'text.tooLong').optional(),
  })
  .strict()
  .refine((entry) => isOrderedRange(entry.startDate, entry.endDate), { message: 'date.rangeOrder', path: ['endDate'] })
  .refine((entry) => isRangeWithin(entry.startDate, entry.endDate, SCHEDULE_LIMITS.maxDays), {
    message: 'date.rangeTooLong',
    path: ['endDate'],
  });
export type CreateLeave = z.infer<typeof createLeaveSchema>;

export const decideLeaveSchema = z
  .object({
    decision: z.enum(LEAVE_DECISIONS, 'choice.invalid'),
    reason: z.string('text.invalidCharacters').trim().max(SCHEDULE_LIMITS.decisionReasonMax, 'text.tooLong').optional(),
  })
  .strict()
  // A refusal says why, so the doctor can plan again; an approval may go without words.
  .refine((input) => input.decision === 'approved' || (input.reason ?? '').length > 0, { message: 'text.required', path: ['reason'] });
export type DecideLeave = z.infer<typeof decideLeaveSchema>;

export const leaveResponseSchema = z.object({ data: leaveRequestSchema });

// ---- Coverage ----

export const COVERAGE_STATUSES = ['open', 'accepted', 'closed'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

/**
 * One appointment of a doctor on leave, offered to colleagues. The offer names the time, the kind of
 * visit and the absent doctor, never the patient: a colleague learns who it is once it is theirs.
 */
export const coverageOfferSchema = z.object({
  id: z.uuid(),
  leaveRequestId: z.uuid(),
  appointmentId: z.uuid(),
  startsAt: z.iso.datetime(),
  durationMinutes: z.number().int(),
  type: z.enum(['in-person', 'video']),
  status: z.enum(COVERAGE_STATUSES),
  doctorId: z.uuid(),
  /** The absent doctor's name in parts, which the web orders and titles in the reader's language. */
  doctor: personNameSchema,
  specialty: z.string(),
  /** For a colleague's list: whether the absent doctor's specialty is the reader's own (those come first). */
  sameSpecialty: z.boolean(),
  coveredById: z.uuid().nullable(),
  /** The colleague who took it, in parts like `doctor`; null while open. */
  coveredBy: personNameSchema.nullable(),
  acceptedAt: z.iso.datetime().nullable(),
});
export type CoverageOffer = z.infer<typeof coverageOfferSchema>;
export const coverageListResponseSchema = z.object({ data: z.array(coverageOfferSchema) });
export type CoverageListResponse = z.infer<typeof coverageListResponseSchema>;
export const coverageResponseSchema = z.object({ data: coverageOfferSchema });

/**
 * Weekly hours and time off of the signed-in doctor (booking slots follow at once); leave requests
 * (a doctor's own; an administrator's every one); and coverage offers. Someone else's request or an
 * offer out of the caller's reach answers 404 like a missing one.
 */
export const leaveApi = {
  availability: defineRoute({ method: 'GET', path: '/api/doctors/availability', response: availabilityResponseSchema }),
  updateAvailability: defineRoute({
    method: 'PUT',
    path: '/api/doctors/availability',
    body: updateAvailabilitySchema,
    response: availabilityResponseSchema,
  }),
  list: defineRoute({ method: 'GET', path: '/api/leave/requests', query: leaveListQuerySchema, response: leaveListResponseSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/leave/requests',
    body: createLeaveSchema,
    response: leaveResponseSchema,
    status: 201,
    errors: ['FORBIDDEN', 'LEAVE_OVERLAP'],
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/api/leave/requests/:id/withdraw',
    params: idParamsSchema,
    response: leaveResponseSchema,
    errors: ['NOT_FOUND', 'LEAVE_NOT_PENDING'],
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/api/leave/requests/:id/decision',
    params: idParamsSchema,
    body: decideLeaveSchema,
    response: leaveResponseSchema,
    errors: ['NOT_FOUND', 'LEAVE_NOT_PENDING'],
  }),
  coverage: defineRoute({ method: 'GET', path: '/api/coverage', response: coverageListResponseSchema }),
  myCoverage: defineRoute({ method: 'GET', path: '/api/coverage/mine', response: coverageListResponseSchema }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/coverage/:id/accept',
    params: idParamsSchema,
    response: coverageResponseSchema,
    errors: ['NOT_FOUND', 'COVERAGE_TAKEN', 'COVERAGE_CONFLICT'],
  }),
};
