import { asc, count, eq, sql } from 'drizzle-orm';
import { clinics, organisationSettings, type ClinicRow, type OrganisationSettingsRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// The organisation's settings row (id 1) and its clinics. Admin-only writes; nothing here is
// patient data, and every column may be shown publicly except who saved last. Every change is
// noted on the request's audit event.

export interface SettingsValues {
  name: string;
  logoUrl: string | null;
  supportEmail: string;
  phone: string | null;
  address: string | null;
}

export interface ClinicValues {
  name: string;
  latitude: number;
  longitude: number;
  address: string | null;
}

export type { ClinicRow, OrganisationSettingsRow };

export class OrganisationRepository extends Repository {
  async settings(): Promise<OrganisationSettingsRow | undefined> {
    const [row] = await this.db.select().from(organisationSettings).where(eq(organisationSettings.id, 1));
    return row;
  }

  async saveSettings(values: SettingsValues): Promise<OrganisationSettingsRow> {
    const now = new Date();
    const updatedBy = this.scope.actor.userId;
    const [row] = await this.db
      .insert(organisationSettings)
      .values({ id: 1, ...values, updatedBy, updatedAt: now })
      .onConflictDoUpdate({ target: organisationSettings.id, set: { ...values, updatedBy, updatedAt: now } })
      .returning();
    // Which fields were saved, not their values: a logo data URL does not belong in the trail.
    this.audit.note({
      action: 'organisation.update',
      resourceType: 'organisation_settings',
      resourceId: '1',
      details: { fields: Object.keys(values).sort() },
    });
    return row!;
  }

  clinics(): Promise<ClinicRow[]> {
    return this.db.select().from(clinics).orderBy(asc(clinics.name), asc(clinics.id));
  }

  /** Adds a clinic unless the organisation already lists `max`. */
  async createClinic(values: ClinicValues, max: number): Promise<ClinicRow> {
    const [counted] = await this.db.select({ value: count() }).from(clinics);
    if (Number(counted?.value ?? 0) >= max) {
      throw new AppError('CONFLICT', `An organisation can list at most ${max} clinics.`);
    }
    const [row] = await this.db.insert(clinics).values(values).returning();
    this.audit.note({ action: 'clinic.create', resourceType: 'clinic', resourceId: row!.id });
    return row!;
  }

  async updateClinic(id: string, values: ClinicValues): Promise<ClinicRow> {
    const [row] = isUuid(id)
      ? await this.db
          .update(clinics)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(clinics.id, id))
          .returning()
      : [];
    if (!row) throw AppError.notFound();
    this.audit.note({ action: 'clinic.update', resourceType: 'clinic', resourceId: id });
    return row;
  }

  async deleteClinic(id: string): Promise<void> {
    const rows = isUuid(id) ? await this.db.delete(clinics).where(eq(clinics.id, id)).returning({ id: clinics.id }) : [];
    if (rows.length === 0) throw AppError.notFound();
    this.audit.note({ action: 'clinic.delete', resourceType: 'clinic', resourceId: id });
  }
}
