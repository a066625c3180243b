import { z } from 'zod';
import { MEDICATION_FREQUENCIES, MEDICATION_ROUTES } from './clinical-catalogue';
import { DRUG_CODES, DRUG_GROUPS } from './drug-catalogue';
import { defineRoute, idParamsSchema } from './http';
import { MEDICATION_STATUSES, medicationSchema } from './medications';
import { personNameSchema } from './person-name';
import { pageQueryFields, pagedResponseSchema } from './paging';

// A doctor's prescribing: the prescriptions they wrote, a new one from the drug list (or typed as
// free text) checked against the patient's active allergies and current medicines, discontinuing
// and renewing. Warnings do not forbid a prescription; going ahead needs a reason, which is kept.

export const PRESCRIPTION_TEXT_MAX = { drugName: 120, strength: 40, dose: 80, instructions: 500, reason: 500 } as const;
export const PRESCRIPTION_BOUNDS = { durationDays: 365, quantity: 1000, refills: 12 } as const;
export const PRESCRIPTIONS_PAGE_SIZE = 10;

export const INTERACTION_SEVERITIES = ['contraindicated', 'major', 'moderate'] as const;
export const INTERACTION_EFFECTS = [
  'bleeding',
  'hypotension',
  'myopathy',
  'hyperkalaemia',
  'serotonin-syndrome',
  'reduced-antiplatelet-effect',
] as const;
export type InteractionEffect = (typeof INTERACTION_EFFECTS)[number];

/** One reason to stop and think before prescribing; the web words each kind. */
export const prescriptionWarningSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('allergy'),
    allergyId: z.uuid(),
    allergen: z.string(),
    severity: z.string(),
    reaction: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('duplicate'),
    medicationId: z.uuid(),
    medicationName: z.string(),
    /** The therapeutic group both belong to; null when it is the same drug typed by name. */
    group: z.enum(DRUG_GROUPS).nullable(),
  }),
  z.object({
    kind: z.literal('interaction'),
    medicationId: z.uuid(),
    medicationName: z.string(),
    severity: z.enum(INTERACTION_SEVERITIES),
    effect: z.enum(INTERACTION_EFFECTS),
  }),
]);
export type PrescriptionWarning = z.infer<typeof prescriptionWarningSchema>;

const reason = (required: boolean) => {
  const text = z.string('required').trim().max(PRESCRIPTION_TEXT_MAX.reason, 'text.tooLong');
  return required ? text.min(1, 'required') : text;
};

/** Which drug: one from the list, or a name typed when the list lacks it. */
const drugFields = {
  drugCode: z.enum(DRUG_CODES, 'choice.invalid').nullable().optional(),
  drugName: z.string().trim().max(PRESCRIPTION_TEXT_MAX.drugName, 'text.tooLong').optional(),
};

function needsDrug(value: { drugCode?: string | null; drugName?: string }, ctx: z.RefinementCtx) {
  if (!value.drugCode && !value.drugName) ctx.addIssue({ code: 'custom', path: ['drugName'], message: 'required' });
}

export const prescriptionCheckSchema = z
  .object({ patientId: z.uuid('choice.invalid'), ...drugFields, renewsMedicationId: z.uuid('choice.invalid').optional() })
  .strict()
  .superRefine(needsDrug);
export type PrescriptionCheck = z.infer<typeof prescriptionCheckSchema>;

const count = (max: number, min: number) =>
  z.coerce.number('choice.invalid').int('choice.invalid').min(min, 'choice.invalid').max(max, 'choice.invalid');

export const createPrescriptionSchema = z
  .object({
    patientId: z.uuid('choice.invalid'),
    ...drugFields,
    strength: z.string('required').trim().min(1, 'required').max(PRESCRIPTION_TEXT_MAX.strength, 'text.tooLong'),
    dose: z.string('required').trim().min(1, 'required').max(PRESCRIPTION_TEXT_MAX.dose, 'text.tooLong'),
    route: z.enum(MEDICATION_ROUTES, 'choice.invalid'),
    frequency: z.enum(MEDICATION_FREQUENCIES, 'choice.invalid'),
    durationDays: count(PRESCRIPTION_BOUNDS.durationDays, 1).nullable().optional(),
    quantity: count(PRESCRIPTION_BOUNDS.quantity, 1),
    refills: count(PRESCRIPTION_BOUNDS.refills, 0),
    instructions: z.string().trim().max(PRESCRIPTION_TEXT_MAX.instructions, 'text.tooLong').optional(),
    overrideReason: reason(false).optional(),
  })
  .strict()
  .superRefine(needsDrug);
export type CreatePrescription = z.infer<typeof createPrescriptionSchema>;

export const discontinueSchema = z.object({ reason: reason(true) }).strict();
export const renewSchema = z.object({ overrideReason: reason(false).optional() }).strict();

/** A medication as its prescriber manages it: what was written, for whom, and why it stopped. */
export const prescriptionSchema = medicationSchema.extend({
  /** The patient's name in parts, which the web orders in the reader's language. */
  patient: personNameSchema,
  quantity: z.number().int().nullable(),
  refills: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  overrideReason: z.string().nullable(),
  discontinuedReason: z.string().nullable(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const prescriptionListQuerySchema = z
  .object({ status: z.enum(MEDICATION_STATUSES, 'choice.invalid').optional(), ...pageQueryFields(PRESCRIPTIONS_PAGE_SIZE) })
  .strict();
export const prescriptionListResponseSchema = pagedResponseSchema(prescriptionSchema);
export type PrescriptionListResponse = z.infer<typeof prescriptionListResponseSchema>;
export const prescriptionResponseSchema = z.object({ data: prescriptionSchema });
export const prescriptionCheckResponseSchema = z.object({ data: z.array(prescriptionWarningSchema) });

/**
 * The prescribing routes. A patient outside the doctor's care, or someone else's medication,
 * answers 404 like a missing one. A doctor lists only their own prescriptions (another doctor's id
 * answers 404); an administrator may list anyone's.
 */
export const prescribingApi = {
  listForDoctor: defineRoute({
    method: 'GET',
    path: '/api/medications/doctor/:id',
    params: idParamsSchema,
    query: prescriptionListQuerySchema,
    response: prescriptionListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/medications/checks',
    body: prescriptionCheckSchema,
    response: prescriptionCheckResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  prescribe: defineRoute({
    method: 'POST',
    path: '/api/medications',
    body: createPrescriptionSchema,
    response: prescriptionResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'PRESCRIPTION_OVERRIDE_REQUIRED', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  discontinue: defineRoute({
    method: 'POST',
    path: '/api/medications/:id/discontinue',
    params: idParamsSchema,
    body: discontinueSchema,
    response: prescriptionResponseSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  renew: defineRoute({
    method: 'POST',
    path: '/api/medications/:id/renew',
    params: idParamsSchema,
    body: renewSchema,
    response: prescriptionResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'PRESCRIPTION_OVERRIDE_REQUIRED'],
  }),
};
