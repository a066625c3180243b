import { z } from 'zod';
import { APPOINTMENT_TYPES, appointmentSchema } from './appointments';
import { BOOKING } from './booking';
import { appointmentDateSchema } from './dates';
import { defineRoute, idParamsSchema } from './http';
import { personNameSchema } from './person-name';

// The waitlist: a patient asks for an earlier time with a doctor (optionally no later than a
// day). When a slot of that doctor frees up, it is offered to the waiting patients one at a time,
// in the order they joined; each offer holds for a while, then passes to the next. The first to
// accept books the slot with the same rules as any booking.

export const WAITLIST_ENTRY_STATUSES = ['active', 'left', 'booked'] as const;
export const WAITLIST_OPENING_STATUSES = ['open', 'taken', 'unfilled', 'lapsed'] as const;
export const WAITLIST_OFFER_STATUSES = ['offered', 'accepted', 'expired', 'gone'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** Offers a patient sees: those of the last days, newest first, at most this many. */
export const WAITLIST_LIST = { maxEntries: 50, maxOffers: 20, offersDays: 7 } as const;

/**
 * Joining from one of the patient's appointments names it (an offer moves it earlier); joining
 * from the booking page names the kind of visit and its reason instead (an offer books it).
 */
export const joinWaitlistRequestSchema = z
  .object({
    doctorId: z.uuid('choice.invalid'),
    /** The last day (clinic calendar) the patient would take; any day when absent. */
    latestDate: appointmentDateSchema().optional(),
    appointmentId: z.uuid('choice.invalid').optional(),
    type: z.enum(APPOINTMENT_TYPES, 'choice.invalid').optional(),
    reason: z.string().trim().min(1, 'reason.required').max(BOOKING.reasonMaxLength, 'text.tooLong').optional(),
  })
  .strict()
  .refine((r) => r.appointmentId !== undefined || r.reason !== undefined, { message: 'reason.required', path: ['reason'] });
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

export const waitlistEntrySchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  /** The doctor's name in parts, which the web orders and titles in the reader's language. */
  doctor: personNameSchema,
  latestDate: z.string().nullable(),
  /** The appointment an offer would move earlier, when the patient joined from one. */
  appointmentId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistOfferSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  /** The doctor's name in parts, as in an entry. */
  doctor: personNameSchema,
  startsAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  status: z.enum(WAITLIST_OFFER_STATUSES),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistResponseSchema = z.object({
  entries: z.array(waitlistEntrySchema),
  offers: z.array(waitlistOfferSchema),
});
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export const WAITLIST_MESSAGES = {
  alreadyJoined: 'You are already on the waitlist for this doctor.',
  offerGone: 'This time has been taken or the offer has expired.',
} as const;

/** A patient's own waitlist: anyone else's entry or offer answers 404 like a missing one. */
export const waitlistApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/waitlist',
    response: waitlistResponseSchema,
  }),
  join: defineRoute({
    method: 'POST',
    path: '/api/waitlist',
    body: joinWaitlistRequestSchema,
    response: z.object({ data: waitlistEntrySchema }),
    status: 201,
    errors: ['NOT_FOUND', 'WAITLIST_ALREADY_JOINED'],
  }),
  leave: defineRoute({
    method: 'DELETE',
    path: '/api/waitlist/:id',
    params: idParamsSchema,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/waitlist/offers/:id/accept',
    params: idParamsSchema,
    response: z.object({ data: appointmentSchema }),
    errors: ['NOT_FOUND', 'OFFER_GONE'],
  }),
};
