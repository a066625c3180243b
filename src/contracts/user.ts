import { z } from 'zod';
import { ROLES } from './roles';

// The signed-in user as the web app knows them. The server answers this shape for the signed-in
// user; it never includes hashes, secrets or other people's data.

export const emergencyContactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  /** Defaults to "Emergency Contact". */
  relationship: z.string(),
});

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  position: z.string().nullable(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  address: z.string().nullable(),
  isFirstTimeLogin: z.boolean(),
  mfaEnabled: z.boolean(),
  preferredLanguage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  medicalRecordNumber: z.string().nullable(),
  bloodType: z.string().nullable(),
  allergies: z.array(z.string()),
  medications: z.array(z.string()),
  medicalHistory: z.array(z.string()),
  emergencyContact: emergencyContactSchema.nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  insuranceProvider: z.string().nullable(),
  insurancePolicyNumber: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
