import { and, eq } from 'drizzle-orm';
import type { SystemSettingsValues } from '../../../contracts/system-settings';
import { systemSettings, type SystemSettingsRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { Repository } from '../../platform/unit-of-work';

// The system settings row (id 1). Admin-only; nothing here is patient data. A save names the
// version it was based on and is refused when another admin saved in between. Every change is
// noted with the values before and after (none of them is a secret).

export type { SystemSettingsRow };

type Columns = Omit<SystemSettingsRow, 'id' | 'version' | 'updatedAt' | 'updatedBy'>;

function toColumns(values: SystemSettingsValues): Columns {
  return {
    sessionTimeoutMinutes: values.sessionTimeoutMinutes,
    passwordMinLength: values.passwordMinLength,
    mfaRequiredPatient: values.mfaRequired.patient,
    mfaRequiredDoctor: values.mfaRequired.doctor,
    mfaRequiredStaff: values.mfaRequired.staff,
    mfaRequiredAdmin: values.mfaRequired.admin,
    reminderHoursBefore: values.reminderHoursBefore,
    mailFromName: values.mailFromName,
    mailFromAddress: values.mailFromAddress,
    clinicTimeZone: values.clinicTimeZone,
    clinicHours: values.clinicHours,
    bookingApproval: values.bookingApproval,
  };
}

/** What the trail keeps of a row: the settings themselves, without who saved or when. */
function auditValues(row: SystemSettingsRow | undefined): Columns | null {
  if (!row) return null;
  const { id: _id, version: _version, updatedAt: _at, updatedBy: _by, ...columns } = row;
  return columns;
}

export class SystemSettingsRepository extends Repository {
  async settings(): Promise<SystemSettingsRow | undefined> {
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.id, 1));
    return row;
  }

  /** Saves the settings if they are still at `values.version`; otherwise nothing changes (409). */
  async save(values: SystemSettingsValues): Promise<SystemSettingsRow> {
    const before = await this.settings();
    const columns = toColumns(values);
    const updatedBy = this.scope.actor.userId;
    const now = new Date();
    const [row] = before
      ? await this.db
          .update(systemSettings)
          .set({ ...columns, version: values.version + 1, updatedBy, updatedAt: now })
          .where(and(eq(systemSettings.id, 1), eq(systemSettings.version, values.version)))
          .returning()
      : values.version === 1
        ? await this.db
            .insert(systemSettings)
            .values({ id: 1, ...columns, version: 2, updatedBy, updatedAt: now })
            .onConflictDoNothing()
            .returning()
        : [];
    if (!row) {
      throw new AppError('SETTINGS_VERSION_CONFLICT', 'Another administrator changed the system settings; nothing was saved.');
    }
    this.audit.note({
      action: 'system-settings.update',
      resourceType: 'system_settings',
      resourceId: '1',
      details: { version: row.version, before: auditValues(before), after: auditValues(row) },
    });
    return row;
  }
}
