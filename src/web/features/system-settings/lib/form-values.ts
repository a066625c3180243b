import { z } from 'zod';
import { splitList } from '../../../../contracts/registration';
import {
  BOOKING_APPROVAL_MODES,
  mfaRequiredSchema,
  systemSettingsUpdateSchema,
  type ClinicHours,
  type SystemSettings,
  type SystemSettingsUpdate,
} from '../../../../contracts/system-settings';

// The form holds text (numbers as typed, reminder times as "48, 2"); what it sends is the
// contract's body, checked by the contract's own rules, each message on the field it is about.
// The opening hours are a row per weekday (Sunday first, as the contract counts them): closed, or
// open and close times. Hours never saved are sent as "not set" while the form still shows the
// built-in ones, so saving another setting does not pin them.

/** The times a closed day shows when it is opened again. */
const REOPEN = { open: '09:00', close: '17:00' };

const clinicDayRowSchema = z.object({ closed: z.boolean(), open: z.string(), close: z.string() });
type ClinicDayRow = z.infer<typeof clinicDayRowSchema>;

function rowsOf(hours: ClinicHours): ClinicDayRow[] {
  return hours.map((day) => (day ? { closed: false, ...day } : { closed: true, ...REOPEN }));
}

function hoursOf(rows: readonly ClinicDayRow[]): ClinicHours {
  return rows.map((row) => (row.closed ? null : { open: row.open, close: row.close }));
}

export const systemSettingsFormSchema = z
  .object({
    version: z.number(),
    sessionTimeoutMinutes: z.string(),
    passwordMinLength: z.string(),
    mfaRequired: mfaRequiredSchema,
    reminderHoursBefore: z.string(),
    mailFromName: z.string(),
    mailFromAddress: z.string(),
    clinicTimeZone: z.string(),
    clinicHours: z.array(clinicDayRowSchema),
    /** The built-in hours the form started on when none were saved (as JSON); empty when saved. */
    clinicHoursUnsaved: z.string(),
    bookingApproval: z.enum(BOOKING_APPROVAL_MODES, 'choice.invalid'),
  })
  .transform((values, ctx): z.output<typeof systemSettingsUpdateSchema> => {
    const { clinicHoursUnsaved, ...fields } = values;
    const parts = splitList(values.reminderHoursBefore);
    const hours = hoursOf(values.clinicHours);
    const body = {
      ...fields,
      reminderHoursBefore: parts.map((part) => (/^\d{1,4}$/.test(part) ? Number(part) : Number.NaN)),
      clinicTimeZone: values.clinicTimeZone.trim() || null,
      clinicHours: clinicHoursUnsaved && JSON.stringify(hours) === clinicHoursUnsaved ? null : hours,
    };
    const parsed = systemSettingsUpdateSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      // An item's problem is the list's: the list is one field. A weekday's time is its own field.
      const path = issue.path[0] === 'clinicHours' && issue.path.length === 3 ? issue.path.map(String) : [String(issue.path[0])];
      ctx.addIssue({ code: 'custom', message: issue.message, path });
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
    clinicTimeZone: settings.clinicTimeZone.saved ?? '',
    clinicHours: rowsOf(settings.clinicHours.effective),
    clinicHoursUnsaved: settings.clinicHours.saved === null ? JSON.stringify(settings.clinicHours.effective) : '',
    // One of the choices is always in force: the form shows it, and saving keeps it.
    bookingApproval: settings.bookingApproval.saved ?? settings.bookingApproval.effective,
  };
}

/** Where the server puts a refused value: a weekday's time on its own field, anything else on its top field. */
export function formFieldOf(path: string): string | undefined {
  return /^clinicHours\.\d\.(open|close)$/.test(path) ? path : path.split('.')[0];
}

export type { SystemSettingsUpdate };
