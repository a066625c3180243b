import type { SystemSettings, SystemSettingsUpdate } from '../../contracts/system-settings';

/**
 * The body of a settings save that changes only `changes`: every other setting as stored now
 * (null where none is saved), at the version read. A new setting is added here once, so no test's
 * save clears it by leaving it out.
 */
export function settingsBodyOf(now: SystemSettings, changes: Partial<SystemSettingsUpdate> = {}): SystemSettingsUpdate {
  return {
    version: now.version,
    sessionTimeoutMinutes: now.sessionTimeoutMinutes.saved,
    passwordMinLength: now.passwordMinLength.saved,
    mfaRequired: now.mfaRequired,
    reminderHoursBefore: now.reminderHoursBefore.saved,
    mailFromName: now.mailFromName.saved,
    mailFromAddress: now.mailFromAddress.saved,
    clinicTimeZone: now.clinicTimeZone.saved,
    clinicHours: now.clinicHours.saved,
    bookingApproval: now.bookingApproval.saved,
    ...changes,
  };
}
