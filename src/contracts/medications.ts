import { z } from 'zod';
import { personNameSchema } from './person-name';
import { DRUG_CODES } from './drug-catalogue';
import { defineRoute, idParamsSchema } from './http';

// A medication as the server answers it: current and past, with the prescriber's name.

export const MEDICATION_STATUSES = ['active', 'discontinued'] as const;
export type MedicationStatus = (typeof MEDICATION_STATUSES)[number];

export const medicationSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  name: z.string(),
  /** The drug list's code (drug-catalogue.ts), which the web words with the strength; null for free text. */
  drugCode: z.enum(DRUG_CODES).nullable(),
  /** The strength as prescribed ("10 mg"); null when the row has none apart from its text. */
  strength: z.string().nullable(),
  dosage: z.string(),
  frequency: z.string(),
  route: z.string().nullable(),
  instructions: z.string().nullable(),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  status: z.enum(MEDICATION_STATUSES),
  /** The prescriber's name in parts, which the web orders and titles in the reader's language; null when recorded elsewhere. */
  prescriber: personNameSchema.nullable(),
  prescriberId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Medication = z.infer<typeof medicationSchema>;

export const medicationListQuerySchema = z.object({ status: z.enum(MEDICATION_STATUSES, 'choice.invalid').optional() }).strict();

export const medicationListResponseSchema = z.object({ data: z.array(medicationSchema) });
export type MedicationListResponse = z.infer<typeof medicationListResponseSchema>;

/** A patient's medications; a patient outside the caller's reach answers 404, like a missing one. */
export const medicationsApi = {
  listForPatient: defineRoute({
    method: 'GET',
    path: '/api/medications/patient/:id',
    params: idParamsSchema,
    query: medicationListQuerySchema,
    response: medicationListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
