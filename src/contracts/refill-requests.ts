import { z } from 'zod';
import { DRUG_CODES } from './drug-catalogue';
import { personNameSchema } from './person-name';
import { defineRoute, idParamsSchema } from './http';

// A patient asks the prescriber of one of their active medications for a refill.
// The doctor portal later approves or denies it; the statuses exist from the start.

export const REFILL_STATUSES = ['requested', 'approved', 'denied'] as const;
export type RefillStatus = (typeof REFILL_STATUSES)[number];

export const REFILL_NOTE_MAX = 500;

export const createRefillRequestSchema = z
  .object({
    note: z.string().trim().max(REFILL_NOTE_MAX, 'text.tooLong').optional(),
  })
  .strict();
export type CreateRefillRequest = z.infer<typeof createRefillRequestSchema>;

export const refillRequestSchema = z.object({
  id: z.uuid(),
  medicationId: z.uuid(),
  patientId: z.uuid(),
  status: z.enum(REFILL_STATUSES),
  note: z.string().nullable(),
  /** Who decides: the medication's prescriber. */
  prescriberId: z.uuid().nullable(),
  /** The prescriber's name in parts, for the web to order and title in the reader's language. */
  prescriber: personNameSchema.nullable(),
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why the prescriber denied it; null otherwise. */
  decisionReason: z.string().nullable(),
});
export type RefillRequest = z.infer<typeof refillRequestSchema>;

export const refillRequestResponseSchema = z.object({ data: refillRequestSchema });
export const refillRequestListResponseSchema = z.object({ data: z.array(refillRequestSchema) });
export type RefillRequestListResponse = z.infer<typeof refillRequestListResponseSchema>;

export const REFILL_DECISIONS = ['approve', 'deny'] as const;
export type RefillDecision = (typeof REFILL_DECISIONS)[number];
export const REFILL_REASON_MAX = 500;

/** The prescriber's decision; a denial says why, for the patient. */
export const decideRefillSchema = z
  .object({
    decision: z.enum(REFILL_DECISIONS, 'choice.invalid'),
    reason: z.string().trim().max(REFILL_REASON_MAX, 'text.tooLong').optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision === 'deny' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type DecideRefill = z.infer<typeof decideRefillSchema>;

/** A request waiting for its prescriber, with what they need to decide. */
export const pendingRefillSchema = refillRequestSchema.extend({
  /** The patient's name in parts, which the web orders in the reader's language. */
  patient: personNameSchema,
  /** The medication as written, with the drug list's code and strength the web words it by. */
  medicationName: z.string(),
  drugCode: z.enum(DRUG_CODES).nullable(),
  strength: z.string().nullable(),
  dosage: z.string(),
  frequency: z.string(),
});
export type PendingRefill = z.infer<typeof pendingRefillSchema>;
export const pendingRefillListResponseSchema = z.object({ data: z.array(pendingRefillSchema) });

/** Why a refill cannot be requested (409): the web words each one. */
export const REFILL_REFUSALS = {
  alreadyRequested: 'A refill of this medication is already requested and waiting for the prescriber.',
  discontinued: 'This medication is discontinued and cannot be refilled.',
  noPrescriber: 'No prescriber at this organisation can refill this medication. Please contact the doctor who prescribed it.',
} as const;

/**
 * The refill routes. A request names the caller's own medication (anyone else's answers 404) and
 * accepts an Idempotency-Key: a retry with the same key answers the first outcome. An open request
 * for the medication answers CONFLICT; the other refusals have codes of their own.
 */
export const refillRequestsApi = {
  create: defineRoute({
    method: 'POST',
    path: '/api/medications/:id/refill-requests',
    params: idParamsSchema,
    body: createRefillRequestSchema,
    response: refillRequestResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'REFILL_DISCONTINUED', 'REFILL_NO_PRESCRIBER', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  /** The requests waiting for the calling doctor's decision, oldest first. */
  pending: defineRoute({
    method: 'GET',
    path: '/api/medications/refill-requests/pending',
    response: pendingRefillListResponseSchema,
  }),
  /** Another doctor's request answers 404 like a missing one; one already decided answers CONFLICT. */
  decide: defineRoute({
    method: 'POST',
    path: '/api/medications/refill-requests/:id/decision',
    params: idParamsSchema,
    body: decideRefillSchema,
    response: refillRequestResponseSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  listForPatient: defineRoute({
    method: 'GET',
    path: '/api/medications/patient/:id/refill-requests',
    params: idParamsSchema,
    response: refillRequestListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
