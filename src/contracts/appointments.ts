import { z } from 'zod';
import { defineRoute, idParamsSchema } from './http';

// An appointment and its parking reservation, as the server answers them. Times
// are instants in UTC on the wire; the client shows them in the user's time zone,
// so separate date and time fields are derived there, not sent.

/** The lifecycle: requested → scheduled → checked-in → in-progress → completed; or cancelled, no-show. */
export const APPOINTMENT_STATUSES = ['requested', 'scheduled', 'checked-in', 'in-progress', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_TYPES = ['in-person', 'video'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const PARKING_RESERVATION_STATUSES = ['reserved', 'cancelled', 'completed'] as const;

export const parkingReservationSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  licensePlate: z.string(),
  arrivalTime: z.iso.datetime({ offset: true }),
  departureTime: z.iso.datetime({ offset: true }),
  status: z.enum(PARKING_RESERVATION_STATUSES),
});
export type ParkingReservation = z.infer<typeof parkingReservationSchema>;

const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const appointmentSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  doctorId: z.uuid(),
  patient: personSchema,
  doctor: personSchema.extend({ specialty: z.string() }),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** Minutes. */
  duration: z.number().int(),
  type: z.enum(APPOINTMENT_TYPES),
  status: z.enum(APPOINTMENT_STATUSES),
  reason: z.string(),
  bookedBy: z.uuid().nullable(),
  bookedByRole: z.string().nullable(),
  checkedInAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the front desk noted that the patient is running late; null otherwise. */
  lateAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the patient confirmed they will come; null when they have not (or not since it was last moved). */
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
  parkingReservation: parkingReservationSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const APPOINTMENT_PAGE_SIZE = 50;

/** Which appointments of a list: upcoming (from now, soonest first) or past (newest first); all by default. */
export const APPOINTMENT_WHEN = ['upcoming', 'past', 'all'] as const;

export const appointmentListQuerySchema = z
  .object({
    when: z.enum(APPOINTMENT_WHEN, 'choice.invalid').default('all'),
    page: z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(100_000, 'choice.invalid').default(1),
    pageSize: z.coerce
      .number('choice.invalid')
      .int('choice.invalid')
      .min(1, 'choice.invalid')
      .max(100, 'choice.invalid')
      .default(APPOINTMENT_PAGE_SIZE),
  })
  .strict();
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

export const appointmentListResponseSchema = z.object({
  data: z.array(appointmentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AppointmentListResponse = z.infer<typeof appointmentListResponseSchema>;

/** GET /api/appointments/today: the day is the caller's (an IANA time zone), UTC when not given; filters optional. */
export const todayQuerySchema = z
  .object({
    timeZone: z
      .string()
      .max(64, 'choice.invalid')
      .refine((zone) => isTimeZone(zone), 'choice.invalid')
      .optional(),
    /** Only this doctor's appointments. */
    doctorId: z.uuid('choice.invalid').optional(),
    status: z.enum(APPOINTMENT_STATUSES, 'choice.invalid').optional(),
    type: z.enum(APPOINTMENT_TYPES, 'choice.invalid').optional(),
  })
  .strict();
export type TodayQuery = z.infer<typeof todayQuerySchema>;

/**
 * One of the day's appointments with its doctor's queue: for a visit still to be seen, its place
 * among that doctor's visits of the day still to be seen and the minutes until its turn (the
 * clinic's side only: a patient, who sees only their own, asks GET /api/appointments/{id}/queue).
 */
export const todayItemSchema = appointmentSchema.extend({
  queuePosition: z.number().int().nullable(),
  /** Minutes. */
  estimatedWaitTime: z.number().int().nullable(),
});
export type TodayItem = z.infer<typeof todayItemSchema>;

export const todayResponseSchema = z.object({ date: z.iso.date(), data: z.array(todayItemSchema) });
export type TodayResponse = z.infer<typeof todayResponseSchema>;

/**
 * The appointment lists: the caller's own, the day's, one patient's and one doctor's schedule. A
 * patient or doctor outside the caller's reach answers 404, like a missing one.
 */
export const appointmentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/appointments',
    query: appointmentListQuerySchema,
    response: appointmentListResponseSchema,
  }),
  today: defineRoute({
    method: 'GET',
    path: '/api/appointments/today',
    query: todayQuerySchema,
    response: todayResponseSchema,
  }),
  forPatient: defineRoute({
    method: 'GET',
    path: '/api/appointments/patient/:id',
    params: idParamsSchema,
    query: appointmentListQuerySchema,
    response: appointmentListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  forDoctor: defineRoute({
    method: 'GET',
    path: '/api/appointments/doctor/:id',
    params: idParamsSchema,
    query: appointmentListQuerySchema,
    response: appointmentListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
