import { z } from 'zod';
import { STAFF_POSITIONS } from './permission-catalogue';
import { defineRoute } from './http';

// The front desk's home: the day's counts for the whole clinic and the staff members' own status
// (on duty, on break, off duty), which colleagues see live. Days are calendar days of the
// clinic's zone, the same clock the doctors' hours and the doctor's home use.

export const STAFF_STATUSES = ['on-duty', 'on-break', 'off-duty'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffStatsSchema = z.object({
  /** Today's calendar day in the clinic's zone. */
  date: z.iso.date(),
  clinicTimeZone: z.string(),
  /** Today's appointments that are not cancelled. */
  todaysAppointments: z.number().int(),
  /** Today's patients who were checked in at the desk (waiting, being seen or done). */
  checkedIn: z.number().int(),
  /** Checked in and not yet called in by their doctor. */
  waiting: z.number().int(),
  /** Minutes the patients waiting now have waited on average since their check-in; null when nobody waits. */
  averageWaitMinutes: z.number().int().nullable(),
  /** Today's appointments marked as no-shows. */
  noShows: z.number().int(),
  /** Appointment requests from now on still waiting for approval. */
  pendingRequests: z.number().int(),
  /** Parking reservations of today's visits still held. */
  parkingReserved: z.number().int(),
  /** Of those, the ones whose patient has arrived (checked in or being seen): the car is parked. */
  parkingOccupied: z.number().int(),
});
export type StaffStats = z.infer<typeof staffStatsSchema>;
export const staffStatsResponseSchema = z.object({ data: staffStatsSchema });

export const staffMemberStatusSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.enum(STAFF_POSITIONS).nullable(),
  status: z.enum(STAFF_STATUSES),
  /** When the status was last set; null for someone who never set one (counted off duty). */
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StaffMemberStatus = z.infer<typeof staffMemberStatusSchema>;

export const staffStatusResponseSchema = z.object({
  data: z.object({
    /** The caller's own; null for an admin, who has no desk status. */
    own: staffMemberStatusSchema.nullable(),
    /** The other active staff members, by name. */
    colleagues: z.array(staffMemberStatusSchema),
  }),
});
export type StaffStatusResponse = z.infer<typeof staffStatusResponseSchema>;

export const setStaffStatusSchema = z.object({ status: z.enum(STAFF_STATUSES, 'choice.invalid') }).strict();
export type SetStaffStatusRequest = z.input<typeof setStaffStatusSchema>;

export const ownStatusResponseSchema = z.object({ data: staffMemberStatusSchema });

export const staffPortalApi = {
  stats: defineRoute({
    method: 'GET',
    path: '/api/staff/dashboard-stats',
    response: staffStatsResponseSchema,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/staff/status',
    response: staffStatusResponseSchema,
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/staff/status',
    body: setStaffStatusSchema,
    response: ownStatusResponseSchema,
  }),
};
