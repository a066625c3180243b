import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinics, organisationSettings, type ClinicRow, type OrganisationSettingsRow } from '../../db/schema';

// The organisation's settings row (id 1) and its clinics. Admin-only writes; nothing here is
// patient data, and every column may be shown publicly except who saved last.

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

export class OrganisationRepository {
  constructor(private readonly db: Database) {}

  async settings(): Promise<OrganisationSettingsRow | undefined> {
    const [row] = await this.db.select().from(organisationSettings).where(eq(organisationSettings.id, 1));
    return row;
  }

  async saveSettings(values: SettingsValues, updatedBy: string): Promise<OrganisationSettingsRow> {
    const now = new Date();
    const [row] = await this.db
      .insert(organisationSettings)
      .values({ id: 1, ...values, updatedBy, updatedAt: now })
      .onConflictDoUpdate({ target: organisationSettings.id, set: { ...values, updatedBy, updatedAt: now } })
      .returning();
    return row!;
  }

  clinics(): Promise<ClinicRow[]> {
    return this.db.select().from(clinics).orderBy(asc(clinics.name), asc(clinics.id));
  }

  async clinicCount(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(clinics);
    return Number(row?.value ?? 0);
  }

  async createClinic(values: ClinicValues): Promise<ClinicRow> {
    const [row] = await this.db.insert(clinics).values(values).returning();
    return row!;
  }

  async updateClinic(id: string, values: ClinicValues): Promise<ClinicRow | undefined> {
    const [row] = await this.db
      .update(clinics)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(clinics.id, id))
      .returning();
    return row;
  }

  async deleteClinic(id: string): Promise<boolean> {
    const rows = await this.db.delete(clinics).where(eq(clinics.id, id)).returning({ id: clinics.id });
    return rows.length > 0;
  }
}
