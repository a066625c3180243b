import { z } from 'zod';

// Issue 7 item 5: a patient asks the prescriber of one of their active medications for a refill.
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
  /** Who decides: the medication's prescriber ("Dr. First Last"). */
  prescriberId: z.uuid().nullable(),
  prescribedBy: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type RefillRequest = z.infer<typeof refillRequestSchema>;

export const refillRequestResponseSchema = z.object({ data: refillRequestSchema });
export const refillRequestListResponseSchema = z.object({ data: z.array(refillRequestSchema) });
export type RefillRequestListResponse = z.infer<typeof refillRequestListResponseSchema>;

/** Why a refill cannot be requested (409): the web words each one. */
export const REFILL_REFUSALS = {
  alreadyRequested: 'A refill of this medication is already requested and waiting for the prescriber.',
  discontinued: 'This medication is discontinued and cannot be refilled.',
  noPrescriber: 'No prescriber at this organisation can refill this medication. Please contact the doctor who prescribed it.',
} as const;
