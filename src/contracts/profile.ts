import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { pageQueryFields } from './paging';
import { BLOOD_TYPES, GENDERS } from './registration';
import { sessionUserSchema } from './user';

// PUT /api/user/profile/{id}: one's own profile only, with the medical and insurance fields of the
// settings screen (patients only: other roles have no patient profile, and the server ignores those
// fields for them) and the country/region of everyone.

/** The earliest date of birth accepted. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Today's date where the calendar is furthest ahead (UTC+14), so nobody's today counts as the future. */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** What a patient reported: each item trimmed, empty ones dropped, at most 50 of 200 characters. */
const reportedList = z
  .array(z.string().trim().max(200, 'text.tooLong'), 'choice.invalid')
  .max(50, 'list.tooLong')
  .transform((items) => items.filter((item) => item !== ''));

export const profileUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, 'firstName.required').max(100, 'text.tooLong'),
    lastName: z.string().trim().min(1, 'lastName.required').max(100, 'text.tooLong'),
    phone: z
      .string()
      .trim()
      .max(40, 'phone.invalid')
      .regex(/^(\+?[0-9 ()./-]{6,})?$/, 'phone.invalid'),
    dateOfBirth: z.iso
      .date('dateOfBirth.invalid')
      .refine((value) => value >= EARLIEST_BIRTH_DATE, 'dateOfBirth.tooEarly')
      .refine((value) => value <= latestToday(), 'dateOfBirth.future')
      .nullable(),
    gender: z.enum(GENDERS, 'choice.invalid').nullable(),
    address: z.string().trim().max(400, 'text.tooLong'),
    emergencyContact: z
      .object({
        name: z.string().trim().max(200, 'text.tooLong'),
        phone: z
          .string()
          .trim()
          .max(40, 'phone.invalid')
          .regex(/^(\+?[0-9 ()./-]{6,})?$/, 'phone.invalid'),
        relationship: z.string().trim().max(100, 'text.tooLong').optional(),
      })
      .nullable(),
    country: z.enum(COUNTRY_CODES, 'country.invalid').nullable(),
    bloodType: z.enum([...BLOOD_TYPES, 'Unknown'], 'choice.invalid'),
    allergies: reportedList,
    medications: reportedList,
    medicalHistory: reportedList,
    insuranceProvider: z.string().trim().max(200, 'text.tooLong'),
    insurancePolicyNumber: z
      .string()
      .trim()
      .max(100, 'text.tooLong')
      .regex(/^[A-Za-z0-9 ./-]*$/, 'insurancePolicyNumber.invalid'),
  })
  .partial()
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const outboxQuerySchema = z.object(pageQueryFields(20));
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const outboxResponseSchema = z.object({
  data: z.array(outboxMessageSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
