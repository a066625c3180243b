import { z } from 'zod';
import { APPOINTMENT_DAYS_AHEAD, APPOINTMENT_DAYS_BEHIND, appointmentDateSchema } from './dates';
import { defineRoute, idParamsSchema } from './http';
import { personNameSchema } from './person-name';

// The clinic's car park: its spots on a grid per level, each free, held for one of today's visits,
// taken by that visit's car, or out of service. Staff who run the day's schedule see the lot and
// the day's visits in person, and put a visit's car on a spot, mark it parked and free it again.
// They may look at another day of the clinic's calendar too (the parking asked for with next
// week's visits); spots are still given on the visit's own day.

export const PARKING_SPOT_TYPES = ['regular', 'handicap', 'electric'] as const;
export type ParkingSpotType = (typeof PARKING_SPOT_TYPES)[number];

export const PARKING_SPOT_STATUSES = ['available', 'reserved', 'occupied', 'out_of_service'] as const;
export type ParkingSpotStatus = (typeof PARKING_SPOT_STATUSES)[number];

/** The lot's grid: coordinates are whole cells from the top left corner of a level. */
export const PARKING_GRID = { width: 24, height: 16 } as const;

/**
 * Where a spot may stand: its drawing is about two cells wide and three high, so its corner stays
 * that far inside the grid and the whole spot is on the map.
 */
export const PARKING_SPOT_BOUNDS = {
  x: { min: 0, max: PARKING_GRID.width - 2 },
  y: { min: 0, max: PARKING_GRID.height - 3 },
  level: { min: -5, max: 20 },
  numberMaxLength: 8,
  sectionMaxLength: 20,
} as const;

/** A painted spot number: capital letters, digits and dashes (A12, EV-3). */
export const SPOT_NUMBER = /^[A-Z0-9][A-Z0-9-]*$/;

export const parkingSpotSchema = z.object({
  id: z.uuid(),
  /** The painted number, unique on its level (A12). */
  number: z.string(),
  level: z.number().int(),
  section: z.string(),
  type: z.enum(PARKING_SPOT_TYPES),
  status: z.enum(PARKING_SPOT_STATUSES),
  x: z.number().int(),
  y: z.number().int(),
  /** The visit the spot is held for or taken by; null when free, or when the visit is outside the caller's reach. */
  appointmentId: z.uuid().nullable(),
  /** Rises with every change: a step based on an older read is refused. */
  version: z.number().int(),
});
export type ParkingSpot = z.infer<typeof parkingSpotSchema>;

/**
 * The days the desk may look at: those an appointment may lie on. Counted from the clinic's today
 * on the web; the server holds every request to the same window around its own calendar day.
 */
export const PARKING_DAYS = { behind: APPOINTMENT_DAYS_BEHIND, ahead: APPOINTMENT_DAYS_AHEAD } as const;

/** Which day of the clinic's calendar to show; today (in the clinic's zone) when absent. */
export const parkingLotQuerySchema = z.object({ date: appointmentDateSchema().optional() }).strict();
export type ParkingLotQuery = z.infer<typeof parkingLotQuerySchema>;

/** The day's visits in person that the caller reaches and that could use a spot. */
export const parkingVisitSchema = z.object({
  appointmentId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
  /** The patient's name in parts, which the web orders in the reader's language. */
  patient: personNameSchema,
  /** The plate the patient gave when they asked for parking; null when they did not. */
  licensePlate: z.string().nullable(),
  /** The spot the visit holds, if any. */
  spotId: z.uuid().nullable(),
});
export type ParkingVisit = z.infer<typeof parkingVisitSchema>;

export const parkingCountsSchema = z.object({
  level: z.number().int(),
  type: z.enum(PARKING_SPOT_TYPES),
  free: z.number().int(),
  reserved: z.number().int(),
  occupied: z.number().int(),
  outOfService: z.number().int(),
});
export type ParkingCounts = z.infer<typeof parkingCountsSchema>;

export const parkingLotResponseSchema = z.object({
  data: z.object({
    /** The calendar day shown, in the clinic's zone. */
    date: z.iso.date(),
    /** The clinic's today: only its visits can be given a spot. */
    today: z.iso.date(),
    /**
     * The spots as they stand on that day: today as they are now; on another day a spot counts as
     * held only for a visit of that day (free otherwise), and out of service whatever the day.
     */
    spots: z.array(parkingSpotSchema),
    /** One line per level and type that has spots. */
    counts: z.array(parkingCountsSchema),
    visits: z.array(parkingVisitSchema),
  }),
});
export type ParkingLotResponse = z.infer<typeof parkingLotResponseSchema>;

export const assignSpotSchema = z.object({ appointmentId: z.uuid('choice.invalid') }).strict();
export type AssignSpotRequest = z.input<typeof assignSpotSchema>;

export const parkingSpotResponseSchema = z.object({ data: parkingSpotSchema });

const coordinate = (axis: 'x' | 'y') =>
  z
    .number('parking.outsideMap')
    .int('parking.outsideMap')
    .min(PARKING_SPOT_BOUNDS[axis].min, 'parking.outsideMap')
    .max(PARKING_SPOT_BOUNDS[axis].max, 'parking.outsideMap');

/** What an administrator sets on a spot when adding or editing it; its status is the desk's. */
export const parkingSpotFields = {
  number: z
    .string('parking.spotNumber')
    .trim()
    .toUpperCase()
    .min(1, 'parking.spotNumber')
    .max(PARKING_SPOT_BOUNDS.numberMaxLength, 'parking.spotNumber')
    .regex(SPOT_NUMBER, 'parking.spotNumber'),
  level: z
    .number('choice.invalid')
    .int('choice.invalid')
    .min(PARKING_SPOT_BOUNDS.level.min, 'choice.invalid')
    .max(PARKING_SPOT_BOUNDS.level.max, 'choice.invalid'),
  section: z.string('text.required').trim().min(1, 'text.required').max(PARKING_SPOT_BOUNDS.sectionMaxLength, 'text.tooLong'),
  type: z.enum(PARKING_SPOT_TYPES, 'choice.invalid'),
  x: coordinate('x'),
  y: coordinate('y'),
};

export const createSpotSchema = z.object(parkingSpotFields).strict();
export type CreateSpotRequest = z.input<typeof createSpotSchema>;

/** An edit names the version it was read at: a change someone made in between is not overwritten. */
export const updateSpotSchema = z
  .object({ ...parkingSpotFields, version: z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid') })
  .strict();
export type UpdateSpotRequest = z.input<typeof updateSpotSchema>;

/** The English sentences of the refusals; the web words them from the codes. */
export const PARKING_MESSAGES = {
  taken: 'This parking spot is no longer available.',
  notAssigned: 'This parking spot holds no visit’s car for that step.',
  notAllowed: 'Only today’s visits in person that are still expected can be given a parking spot.',
  visitHasSpot: 'This visit already has a parking spot.',
  cancelled: 'This appointment was cancelled.',
  numberTaken: 'Another spot on this level already has this number.',
  inUse: 'This spot is held for or taken by a visit today; free it before removing it.',
  stale: 'Someone changed this spot in the meantime; look at it again.',
} as const;

export const parkingApi = {
  spots: defineRoute({
    method: 'GET',
    path: '/api/parking/spots',
    query: parkingLotQuerySchema,
    response: parkingLotResponseSchema,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/parking/spots/:id/assign',
    params: idParamsSchema,
    body: assignSpotSchema,
    response: parkingSpotResponseSchema,
    errors: ['NOT_FOUND', 'SPOT_TAKEN', 'APPOINTMENT_CANCELLED', 'PARKING_NOT_ALLOWED', 'VISIT_HAS_SPOT'],
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/parking/spots/:id/release',
    params: idParamsSchema,
    response: parkingSpotResponseSchema,
    errors: ['NOT_FOUND', 'SPOT_NOT_ASSIGNED'],
  }),
  /** The car park's layout: administrators (system.config) add, edit and remove spots. */
  create: defineRoute({
    method: 'POST',
    path: '/api/parking/spots',
    body: createSpotSchema,
    response: parkingSpotResponseSchema,
    status: 201,
    errors: ['SPOT_NUMBER_TAKEN'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/parking/spots/:id',
    params: idParamsSchema,
    body: updateSpotSchema,
    response: parkingSpotResponseSchema,
    errors: ['NOT_FOUND', 'SPOT_NUMBER_TAKEN', 'STALE_RECORD'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/parking/spots/:id',
    params: idParamsSchema,
    status: 204,
    errors: ['NOT_FOUND', 'SPOT_IN_USE'],
  }),
  occupy: defineRoute({
    method: 'POST',
    path: '/api/parking/spots/:id/occupy',
    params: idParamsSchema,
    response: parkingSpotResponseSchema,
    errors: ['NOT_FOUND', 'SPOT_NOT_ASSIGNED'],
  }),
};
