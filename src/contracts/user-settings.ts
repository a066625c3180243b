import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './languages';

// A user's settings (/api/user/settings): theme and security.biometricEnabled, and
// which kinds of live notification the user wants as toasts (all on until turned off).

/** The kinds of notification a user can silence; see web lib/realtime/notification-category.ts. */
export const NOTIFICATION_CATEGORIES = ['appointments', 'labResults', 'messages', 'system'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const notificationPreferencesSchema = z.object({
  appointments: z.boolean(),
  labResults: z.boolean(),
  messages: z.boolean(),
  system: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const userSettingsSchema = z.object({
  theme: z.enum(['light', 'dark']).nullable(),
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
  notifications: notificationPreferencesSchema,
  security: z.object({ biometricEnabled: z.boolean(), mfaEnabled: z.boolean() }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userSettingsResponseSchema = z.object({ data: userSettingsSchema });

export const userSettingsUpdateSchema = z
  .object({
    theme: z.enum(['light', 'dark'], 'choice.invalid').optional(),
    language: z.enum(SUPPORTED_LANGUAGES, 'choice.invalid').optional(),
    security: z.object({ biometricEnabled: z.boolean() }).partial().optional(),
    notifications: z
      .object({
        appointments: z.boolean('choice.invalid'),
        labResults: z.boolean('choice.invalid'),
        messages: z.boolean('choice.invalid'),
        system: z.boolean('choice.invalid'),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;
