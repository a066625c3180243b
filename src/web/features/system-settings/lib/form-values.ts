import { z } from 'zod';
import { splitList } from '../../../../contracts/registration';
import {
  BOOKING_APPROVAL_MODES,
  mfaRequiredSchema,
  systemSettingsUpdateSchema,
  type SystemSettings,
  type SystemSettingsUpdate,
} from '../../../../contracts/system-settings';

// The form holds text (numbers as typed, reminder times as "48, 2"); what it sends is the
// contract's body, checked by the contract's own rules, each message on the field it is about.

export const systemSettingsFormSchema = z
  .object({
    version: z.number(),
    sessionTimeoutMinutes: z.string(),
    passwordMinLength: z.string(),
    mfaRequired: mfaRequiredSchema,
    reminderHoursBefore: z.string(),
    mailFromName: z.string(),
    mailFromAddress: z.string(),
    bookingApproval: z.enum(BOOKING_APPROVAL_MODES, 'choice.invalid'),
  })
  .transform((values, ctx): z.output<typeof systemSettingsUpdateSchema> => {
    const parts = splitList(values.reminderHoursBefore);
    const body = {
      ...values,
      reminderHoursBefore: parts.map((part) => (/^\d{1,4}$/.test(part) ? Number(part) : Number.NaN)),
    };
    const parsed = systemSettingsUpdateSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      // An item's problem is the list's: the list is one field.
      ctx.addIssue({ code: 'custom', message: issue.message, path: [String(issue.path[0])] });
    }
    return z.NEVER;
  });

export type SystemSettingsFormValues = z.input<typeof systemSettingsFormSchema>;

/** The stored values as the form shows them: an unset value is an empty field. */
export function formValuesOf(settings: SystemSettings): SystemSettingsFormValues {
  return {
    version: settings.version,
    sessionTimeoutMinutes: settings.sessionTimeoutMinutes.saved?.toString() ?? '',
    passwordMinLength: settings.passwordMinLength.saved?.toString() ?? '',
    mfaRequired: settings.mfaRequired,
    reminderHoursBefore: settings.reminderHoursBefore.saved?.join(', ') ?? '',
    mailFromName: settings.mailFromName.saved ?? '',
    mailFromAddress: settings.mailFromAddress.saved ?? '',
    // One of the choices is always in force: the form shows it, and saving keeps it.
    bookingApproval: settings.bookingApproval.saved ?? settings.bookingApproval.effective,
  };
}

export type { SystemSettingsUpdate };
