import { z } from 'zod';
import { appointmentSchema } from './appointments';
import {
  appointmentResponseSchema,
  bookingFields,
  cancelAppointmentSchema,
  parkingOnlyInPerson,
  rescheduleAppointmentSchema,
} from './booking';
import { defineRoute, idParamsSchema } from './http';

// The front desk's work on the clinic's appointments: the requests waiting for approval (approved,
// perhaps at another free time, or declined with a reason the patient reads), booking, moving and
// cancelling on a patient's behalf with the booking rules of booking.ts, and the arrival steps of
// the day (check-in after confirming who the patient is, running late, no-show). Staff act on any
// appointment of the organisation they reach; a patient never reaches these routes.

export const FRONT_DESK = {
  /** The reason of a declined request, which the patient reads. */
  declineReasonMaxLength: 500,
  /** "Arriving soon" on the staff home: scheduled visits starting within this many minutes. */
  arrivalsWindowMinutes: 60,
} as const;

/**
 * The steps at the desk as a patient arrives (or does not): check-in (scheduled → checked-in, on
 * the visit's day), late (a note that the patient called or is expected late; the status stays),
 * no-show (scheduled → no-show, once the start has passed).
 */
export const ARRIVAL_ACTIONS = ['check-in', 'late', 'no-show'] as const;
export type ArrivalAction = (typeof ARRIVAL_ACTIONS)[number];

export const FRONT_DESK_MESSAGES = {
  notRequested: 'This appointment is not waiting for approval.',
  alreadyCheckedIn: 'This patient is already checked in.',
  cancelled: 'This appointment was cancelled and cannot be checked in.',
  notToday: 'Only today’s appointments can be checked in or marked.',
  arrivalStatus: 'This appointment cannot take that step from its current status.',
  noShowTooEarly: 'A visit can be marked as a no-show only after its start time.',
} as const;

export const pendingRequestsResponseSchema = z.object({ data: z.array(appointmentSchema) });
export type PendingRequestsResponse = z.infer<typeof pendingRequestsResponseSchema>;

/** Approving keeps the requested time, or moves the visit to another free slot (`move`). */
export const approveRequestSchema = z.object({ move: rescheduleAppointmentSchema.optional() }).strict();
export type ApproveRequest = z.input<typeof approveRequestSchema>;

export const declineRequestSchema = z
  .object({ reason: z.string().trim().min(1, 'text.required').max(FRONT_DESK.declineReasonMaxLength, 'text.tooLong') })
  .strict();
export type DeclineRequest = z.input<typeof declineRequestSchema>;

/** A booking on behalf of a patient: the patient's booking, plus whose it is. */
export const staffBookSchema = z
  .object({ patientId: z.uuid('choice.invalid'), ...bookingFields })
  .strict()
  .refine(parkingOnlyInPerson, { message: 'choice.invalid', path: ['parking'] });
export type StaffBookRequest = z.input<typeof staffBookSchema>;

/** A check-in names that the patient's identity and details were confirmed at the desk. */
export const arrivalSchema = z
  .object({ action: z.enum(ARRIVAL_ACTIONS, 'choice.invalid'), identityConfirmed: z.boolean('choice.invalid').optional() })
  .strict()
  .refine((a) => a.action !== 'check-in' || a.identityConfirmed === true, { message: 'identity.unconfirmed', path: ['identityConfirmed'] });
export type ArrivalRequest = z.input<typeof arrivalSchema>;

export const frontDeskApi = {
  pending: defineRoute({
    method: 'GET',
    path: '/api/appointments/requests/pending',
    response: pendingRequestsResponseSchema,
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/appointments/:id/approve',
    params: idParamsSchema,
    body: approveRequestSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'SLOT_TAKEN', 'REQUEST_NOT_PENDING'],
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/appointments/:id/decline',
    params: idParamsSchema,
    body: declineRequestSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'REQUEST_NOT_PENDING'],
  }),
  book: defineRoute({
    method: 'POST',
    path: '/api/staff/appointments',
    body: staffBookSchema,
    response: appointmentResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'SLOT_TAKEN', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  reschedule: defineRoute({
    method: 'PUT',
    path: '/api/staff/appointments/:id',
    params: idParamsSchema,
    body: rescheduleAppointmentSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'SLOT_TAKEN', 'APPOINTMENT_NOT_CHANGEABLE', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/staff/appointments/:id/cancel',
    params: idParamsSchema,
    body: cancelAppointmentSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'APPOINTMENT_NOT_CHANGEABLE', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  arrival: defineRoute({
    method: 'POST',
    path: '/api/staff/appointments/:id/arrival',
    params: idParamsSchema,
    body: arrivalSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'ALREADY_CHECKED_IN', 'APPOINTMENT_CANCELLED', 'ARRIVAL_NOT_ALLOWED'],
  }),
};
