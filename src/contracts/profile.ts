import { z } from 'zod';
import { GENDERS } from './registration';
import { sessionUserSchema } from './user';

// PUT /api/user/profile/{id} (spec §7): one's own profile only. The patient-portal issue adds the
// medical and insurance fields of the settings screen.
export const profileUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, 'firstName.required').max(100, 'text.tooLong'),
    lastName: z.string().trim().min(1, 'lastName.required').max(100, 'text.tooLong'),
    phone: z
      .string()
      .trim()
      .max(40, 'phone.invalid')
      .regex(/^(\+?[0-9 ()./-]{6,})?$/, 'phone.invalid'),
    dateOfBirth: z.iso.date('dateOfBirth.invalid').nullable(),
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
export const outboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const outboxResponseSchema = z.object({
  data: z.array(outboxMessageSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
