import { z } from 'zod';
import { DRUG_CODES } from './drug-catalogue';
import { personNameSchema } from './person-name';

// What a medication share link shows (/shared/medication/{token}, open without sign-in): the current medication
// list, the patient's first name and the date, nothing else.
export const sharedMedicationSchema = z.object({
  patientFirstName: z.string(),
  generatedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  medications: z.array(
    z.object({
      name: z.string(),
      /** The drug list's code and strength, which the page words; a null code for free text. */
      drugCode: z.enum(DRUG_CODES).nullable(),
      strength: z.string().nullable(),
      dosage: z.string(),
      frequency: z.string(),
      route: z.string().nullable(),
      startDate: z.iso.date().nullable(),
      /** The prescriber's name in parts, for the page to order and title in the reader's language. */
      prescriber: personNameSchema.nullable(),
    }),
  ),
});
export type SharedMedication = z.infer<typeof sharedMedicationSchema>;
