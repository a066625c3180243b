import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './languages';

// Spec §3 "Settings" and §7 /api/user/settings: theme and security.biometricEnabled.
export const userSettingsSchema = z.object({
  theme: z.enum(['light', 'dark']).nullable(),
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
  security: z.object({ biometricEnabled: z.boolean(), mfaEnabled: z.boolean() }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userSettingsResponseSchema = z.object({ data: userSettingsSchema });

export const userSettingsUpdateSchema = z
  .object({
    theme: z.enum(['light', 'dark'], 'choice.invalid').optional(),
    language: z.enum(SUPPORTED_LANGUAGES, 'choice.invalid').optional(),
    security: z.object({ biometricEnabled: z.boolean() }).partial().optional(),
  })
  .strict();
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;
