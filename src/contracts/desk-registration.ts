import { z } from 'zod';
import { defineRoute } from './http';
import { addressLineMatchesParts, registrationPersonFields } from './registration';

// The front desk registers a walk-in patient: the data the patient's own registration asks for,
// without a password (the patient chooses one through the invitation mailed to them). Before
// creating, the desk asks which patients may already be this person; creating anyway needs the
// desk to say it checked them. An e-mail address that already has an account is always refused.

/** Why a patient is named as possibly the same person. */
export const DUPLICATE_REASONS = ['name-and-birth-date', 'email', 'phone'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DESK_REGISTRATION = {
  /** The most possible duplicates one check names. */
  maxDuplicates: 10,
} as const;

/** What the duplicate check compares. */
export const duplicateCheckSchema = z
  .object({
    firstName: registrationPersonFields.firstName,
    lastName: registrationPersonFields.lastName,
    dateOfBirth: registrationPersonFields.dateOfBirth,
    email: registrationPersonFields.email,
    phone: registrationPersonFields.phone,
  })
  .strict();
export type DuplicateCheckRequest = z.input<typeof duplicateCheckSchema>;

export const possibleDuplicateSchema = z.object({
  /** Null when the caller may not open this patient's record. */
  id: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

export const duplicateCheckResponseSchema = z.object({ data: z.array(possibleDuplicateSchema) });
export type DuplicateCheckResponse = z.infer<typeof duplicateCheckResponseSchema>;

/** The registration, and whether the desk saw the possible duplicates and creates the patient anyway. */
export const deskRegistrationSchema = z
  .object({
    ...registrationPersonFields,
    confirmNotDuplicate: z.boolean('choice.invalid').optional().default(false),
  })
  .strict()
  .superRefine(...addressLineMatchesParts);
export type DeskRegistrationRequest = z.input<typeof deskRegistrationSchema>;

export const deskRegistrationResponseSchema = z.object({
  data: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    medicalRecordNumber: z.string(),
    /** Until when the invitation's set-password link works. */
    invitationExpiresAt: z.iso.datetime(),
  }),
});
export type DeskRegistrationResponse = z.infer<typeof deskRegistrationResponseSchema>;

export const DESK_REGISTRATION_MESSAGES = {
  possibleDuplicate: 'This person may already be registered. Check the possible matches, then confirm to create the patient anyway.',
} as const;

export const deskRegistrationApi = {
  duplicates: defineRoute({
    method: 'POST',
    path: '/api/staff/patients/duplicates',
    body: duplicateCheckSchema,
    response: duplicateCheckResponseSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/staff/patients',
    body: deskRegistrationSchema,
    response: deskRegistrationResponseSchema,
    status: 201,
    errors: ['EMAIL_TAKEN', 'POSSIBLE_DUPLICATE'],
  }),
};
