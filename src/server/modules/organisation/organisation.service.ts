import type { Clinic, OrganisationSettings } from '../../../contracts/organisation';
import { MAX_CLINICS } from '../../../contracts/organisation';
import type { PublicConfig } from '../../../contracts/public-config';
import type { AppConfig } from '../../config';
import { AppError } from '../../platform/app-error';
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import type { ClinicValues, OrganisationRepository, SettingsValues } from './organisation.repository';
import type { ClinicRow } from '../../db/schema';

// Issue 6 item 5: the organisation's name, logo, contact and clinics. Until an admin saves the
// settings, name and support address come from the configuration (ORGANISATION_NAME,
// SUPPORT_EMAIL), so a fresh production install still says who it is. Every change is audited.

export type RequestContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

/** The public answer is the same for every visitor: kept a few seconds, dropped on every change. */
const PUBLIC_CACHE_MS = 10_000;

function toClinic(row: ClinicRow): Clinic {
  return { id: row.id, name: row.name, latitude: row.latitude, longitude: row.longitude, address: row.address };
}

export class OrganisationService {
  private cachedPublic: { value: Omit<PublicConfig, 'demoMode'>; at: number } | undefined;

  constructor(
    private readonly repository: OrganisationRepository,
    private readonly deps: {
      audit: AuditLog;
      config: Pick<AppConfig, 'organisationName' | 'supportEmail'>;
      /** Told when the settings change, so mail written next carries the new name. */
      onSettingsChanged?: () => void;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async settings(): Promise<OrganisationSettings> {
    const row = await this.repository.settings();
    if (!row) {
      const { organisationName, supportEmail } = this.deps.config;
      return { name: organisationName, logoUrl: null, supportEmail, phone: null, address: null, updatedAt: null };
    }
    return {
      name: row.name,
      logoUrl: row.logoUrl,
      supportEmail: row.supportEmail,
      phone: row.phone,
      address: row.address,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async updateSettings(values: SettingsValues, actorUserId: string, context: RequestContext): Promise<OrganisationSettings> {
    await this.repository.saveSettings(values, actorUserId);
    this.cachedPublic = undefined;
    this.deps.onSettingsChanged?.();
    // Which fields were saved, not their values: a logo data URL does not belong in the trail.
    await this.deps.audit.record({
      ...context,
      action: 'organisation.update',
      outcome: 'success',
      resourceType: 'organisation_settings',
      resourceId: '1',
      details: { fields: Object.keys(values).sort() },
    });
    return this.settings();
  }

  async clinics(): Promise<Clinic[]> {
    return (await this.repository.clinics()).map(toClinic);
  }

  async createClinic(values: ClinicValues, context: RequestContext): Promise<Clinic> {
    if ((await this.repository.clinicCount()) >= MAX_CLINICS) {
      throw new AppError('CONFLICT', `An organisation can list at most ${MAX_CLINICS} clinics.`);
    }
    const row = await this.repository.createClinic(values);
    this.cachedPublic = undefined;
    await this.deps.audit.record({ ...context, action: 'clinic.create', outcome: 'success', resourceType: 'clinic', resourceId: row.id });
    return toClinic(row);
  }

  async updateClinic(id: string, values: ClinicValues, context: RequestContext): Promise<Clinic> {
    const row = await this.repository.updateClinic(id, values);
    if (!row) throw AppError.notFound();
    this.cachedPublic = undefined;
    await this.deps.audit.record({ ...context, action: 'clinic.update', outcome: 'success', resourceType: 'clinic', resourceId: id });
    return toClinic(row);
  }

  async deleteClinic(id: string, context: RequestContext): Promise<void> {
    if (!(await this.repository.deleteClinic(id))) throw AppError.notFound();
    this.cachedPublic = undefined;
    await this.deps.audit.record({ ...context, action: 'clinic.delete', outcome: 'success', resourceType: 'clinic', resourceId: id });
  }

  /** GET /api/public/config without the demo flag: settings and clinics, PHI-free. */
  async publicIdentity(): Promise<Omit<PublicConfig, 'demoMode'>> {
    const now = this.now();
    if (this.cachedPublic && now - this.cachedPublic.at < PUBLIC_CACHE_MS) return this.cachedPublic.value;
    const [settings, clinics] = await Promise.all([this.settings(), this.clinics()]);
    const value = {
      organisationName: settings.name,
      supportEmail: settings.supportEmail,
      phone: settings.phone,
      address: settings.address,
      logoUrl: settings.logoUrl,
      clinics,
    };
    this.cachedPublic = { value, at: now };
    return value;
  }
}
