import { z } from 'zod';
import { APPOINTMENT_TYPES, appointmentSchema } from './appointments';
import { appointmentDateSchema, isOrderedRange, isRangeWithin } from './dates';
import { defineRoute, idParamsSchema } from './http';

// A patient books, reschedules and cancels their own appointments.
//
// Time zones: a doctor's weekly hours (doctor_availability) are wall-clock times of the clinic,
// whose IANA zone is a system setting (the server's CLINIC_TIME_ZONE until an admin chooses one). Free slots leave
// the server as UTC instants; the browser groups and shows them in the patient's own zone, and a
// booking names the chosen date and time in that zone (`timeZone`) so it maps to exactly one
// instant.

export const BOOKING = {
  /** Every offered slot lasts this long, on a grid starting at the doctor's start of hours. */
  slotMinutes: 30,
  /** GET /api/doctors/{id}/slots covers at most this many days. */
  maxRangeDays: 31,
  /** No change or cancellation by the patient later than this before the start. */
  changeCutoffHours: 24,
  /** A parking reservation lies within this many hours around the visit. */
  parkingWindowHours: 4,
  reasonMaxLength: 500,
} as const;

/** Appointment statuses a patient may still reschedule or cancel. */
export const CHANGEABLE_STATUSES = ['requested', 'scheduled'] as const;

export const BOOKING_MESSAGES = {
  slotTaken: 'This time is no longer available. Please choose another slot.',
  tooLate: `Appointments cannot be changed or cancelled less than ${BOOKING.changeCutoffHours} hours before they start. Please call the clinic.`,
  notChangeable: 'This appointment can no longer be changed.',
  notConfirmable: 'Only an upcoming scheduled appointment can be confirmed.',
} as const;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().min(1, 'choice.invalid').max(64, 'choice.invalid').refine(isTimeZone, 'choice.invalid');
/** A booking's day: a real calendar day within the appointment window around today (dates.ts). */
const dateSchema = appointmentDateSchema();
const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'choice.invalid');

export const slotQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    /** The zone whose calendar days `from` and `to` are; the clinic's by default. */
    timeZone: timeZoneSchema.optional(),
  })
  .strict()
  .refine((q) => isOrderedRange(q.from, q.to), { message: 'date.rangeOrder', path: ['to'] })
  .refine((q) => isRangeWithin(q.from, q.to, BOOKING.maxRangeDays), { message: 'date.rangeTooLong', path: ['to'] });
export type SlotQuery = z.infer<typeof slotQuerySchema>;

export const slotSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** Minutes. */
  duration: z.number().int(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotsResponseSchema = z.object({
  doctorId: z.uuid(),
  /** The zone the doctor's weekly hours are kept in (the clinic's). */
  clinicTimeZone: z.string(),
  data: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

export const LICENSE_PLATE = /^[A-Z0-9][A-Z0-9 -]{0,10}[A-Z0-9]$/;

export const parkingRequestSchema = z
  .object({
    licensePlate: z
      .string()
      .trim()
      .transform((plate) => plate.toUpperCase().replace(/\s+/g, ' '))
      .pipe(z.string().regex(LICENSE_PLATE, 'licensePlate.invalid')),
    arrivalTime: timeSchema,
    departureTime: timeSchema,
  })
  .strict()
  .refine((p) => p.arrivalTime < p.departureTime, { message: 'parking.range', path: ['departureTime'] });
export type ParkingRequest = z.input<typeof parkingRequestSchema>;

const reasonSchema = z.string().trim().min(1, 'reason.required').max(BOOKING.reasonMaxLength, 'text.tooLong');

/** What a booking names; staff booking on behalf of a patient add whose (front-desk.ts). */
export const bookingFields = {
  doctorId: z.uuid('choice.invalid'),
  date: dateSchema,
  time: timeSchema,
  timeZone: timeZoneSchema,
  type: z.enum(APPOINTMENT_TYPES, 'choice.invalid'),
  reason: reasonSchema,
  parking: parkingRequestSchema.optional(),
};

/** Parking only with a visit in person. */
export function parkingOnlyInPerson(b: { type: string; parking?: unknown }): boolean {
  return b.type === 'in-person' || b.parking === undefined;
}

export const bookAppointmentSchema = z
  .object(bookingFields)
  .strict()
  .refine(parkingOnlyInPerson, { message: 'choice.invalid', path: ['parking'] });
export type BookAppointmentRequest = z.input<typeof bookAppointmentSchema>;

/**
 * The booking form as the screen holds it: a doctor ('' until chosen), a free time picked from the
 * doctor's slots (null until picked) and the parking lines, which count only for a visit in person
 * with the box ticked. It checks what the request checks, field by field, so each message stands
 * beside its input.
 */
/**
 * The parking lines of a booking form (the patient's and the desk's): a box to tick and the
 * request's fields as typed, checked only for a visit in person with the box ticked.
 */
export const parkingFormFields = {
  parkingOn: z.boolean(),
  parking: z.object({ licensePlate: z.string(), arrivalTime: z.string(), departureTime: z.string() }),
};

/** The parking request's own rules on a booking form's parking lines, each message on its field. */
export function checkParkingForm(
  form: { type: string; parkingOn: boolean; parking: { licensePlate: string; arrivalTime: string; departureTime: string } },
  ctx: z.RefinementCtx,
): void {
  if (form.type !== 'in-person' || !form.parkingOn) return;
  const parking = parkingRequestSchema.safeParse(form.parking);
  for (const issue of parking.error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['parking', ...issue.path] });
  }
}

export const bookingFormSchema = z
  .object({
    doctorId: z.string().min(1, 'doctor.required').pipe(z.uuid('choice.invalid')),
    type: z.enum(APPOINTMENT_TYPES, 'choice.invalid'),
    reason: reasonSchema,
    slot: z.object({ startsAt: z.string(), date: dateSchema, time: timeSchema }).nullable(),
    ...parkingFormFields,
  })
  .superRefine((form, ctx) => {
    if (form.slot === null) ctx.addIssue({ code: 'custom', message: 'slot.required', path: ['slot'] });
    checkParkingForm(form, ctx);
  });
export type BookingForm = z.input<typeof bookingFormSchema>;

export const rescheduleAppointmentSchema = z.object({ date: dateSchema, time: timeSchema, timeZone: timeZoneSchema }).strict();
export type RescheduleAppointmentRequest = z.input<typeof rescheduleAppointmentSchema>;

/** Unknown fields are dropped rather than refused: cancelling never depends on them. */
export const cancelAppointmentSchema = z.object({ reason: z.string().trim().max(BOOKING.reasonMaxLength, 'text.tooLong').optional() });
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentSchema>;

export const appointmentResponseSchema = z.object({ data: appointmentSchema });
export type AppointmentResponse = z.infer<typeof appointmentResponseSchema>;

/** On the day: how many of the doctor's visits come first and roughly how long until it is this one's turn. */
export const queueResponseSchema = z.object({
  data: z.object({
    appointmentId: z.uuid(),
    /** 1 when nobody is ahead. */
    queuePosition: z.number().int(),
    /** Minutes. */
    estimatedWaitTime: z.number().int(),
  }),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

/**
 * The booking routes. A change names the caller's own appointment (anyone else's answers 404);
 * booking, rescheduling and cancelling accept an Idempotency-Key, so a retry answers the first
 * outcome. Each refusal has its code: SLOT_TAKEN (not, or no longer, a free slot),
 * APPOINTMENT_NOT_CHANGEABLE (its status), CHANGE_TOO_LATE (inside the cut-off),
 * APPOINTMENT_NOT_CONFIRMABLE (a confirmation of one that is not upcoming and scheduled).
 */
export const bookingApi = {
  slots: defineRoute({
    method: 'GET',
    path: '/api/doctors/:id/slots',
    params: idParamsSchema,
    query: slotQuerySchema,
    response: slotsResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  book: defineRoute({
    method: 'POST',
    path: '/api/appointments',
    body: bookAppointmentSchema,
    response: appointmentResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'SLOT_TAKEN', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  reschedule: defineRoute({
    method: 'PUT',
    path: '/api/appointments/:id',
    params: idParamsSchema,
    body: rescheduleAppointmentSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'SLOT_TAKEN', 'APPOINTMENT_NOT_CHANGEABLE', 'CHANGE_TOO_LATE', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/appointments/:id/cancel',
    params: idParamsSchema,
    body: cancelAppointmentSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'APPOINTMENT_NOT_CHANGEABLE', 'CHANGE_TOO_LATE', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  /**
   * The patient says they will come. Confirming again keeps the first time; a reschedule clears it.
   * No body: there is nothing to choose.
   */
  confirm: defineRoute({
    method: 'POST',
    path: '/api/appointments/:id/confirm',
    params: idParamsSchema,
    response: appointmentResponseSchema,
    errors: ['NOT_FOUND', 'APPOINTMENT_NOT_CONFIRMABLE', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  /** On the day of the appointment only (CONFLICT on any other day). */
  queue: defineRoute({
    method: 'GET',
    path: '/api/appointments/:id/queue',
    params: idParamsSchema,
    response: queueResponseSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  /** An iCalendar file (text/calendar), not JSON. */
  calendar: defineRoute({
    method: 'GET',
    path: '/api/appointments/:id/calendar.ics',
    params: idParamsSchema,
    errors: ['NOT_FOUND'],
  }),
};
