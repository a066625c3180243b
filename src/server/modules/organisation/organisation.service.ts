import type { Clinic, OrganisationSettings } from '../../../contracts/organisation';
import { MAX_CLINICS } from '../../../contracts/organisation';
import type { PublicConfig } from '../../../contracts/public-config';
import type { AppConfig } from '../../config';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import {
  OrganisationRepository,
  type ClinicRow,
  type ClinicValues,
  type OrganisationSettingsRow,
  type SettingsValues,
} from './organisation.repository';

// The organisation's name, logo, contact and clinics. Until an admin saves the settings, name and
// support address come from the configuration (ORGANISATION_NAME, SUPPORT_EMAIL), so a fresh
// production install still says who it is. Every change is audited (by the repository).

/** The public answer is the same for every visitor: kept a few seconds, dropped on every change. */
const PUBLIC_CACHE_MS = 10_000;

function toClinic(row: ClinicRow): Clinic {
  return { id: row.id, name: row.name, latitude: row.latitude, longitude: row.longitude, address: row.address };
}

export interface OrganisationOptions {
  config: Pick<AppConfig, 'organisationName' | 'supportEmail'>;
  /** Told when the settings change, so mail written next carries the new name. */
  onSettingsChanged?: () => void;
  now?: () => number;
}

export class OrganisationService {
  private cachedPublic: { value: Omit<PublicConfig, 'demoMode'>; at: number } | undefined;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: OrganisationOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  settings(ctx: AccessContext): Promise<OrganisationSettings> {
    return this.uow.read(ctx, async (work) => this.toSettings(await work.use(OrganisationRepository).settings()));
  }

  async updateSettings(ctx: AccessContext, values: SettingsValues): Promise<OrganisationSettings> {
    const row = await this.uow.write(ctx, (work) => work.use(OrganisationRepository).saveSettings(values));
    this.changed();
    this.options.onSettingsChanged?.();
    return this.toSettings(row);
  }

  clinics(ctx: AccessContext): Promise<Clinic[]> {
    return this.uow.read(ctx, async (work) => (await work.use(OrganisationRepository).clinics()).map(toClinic));
  }

  async createClinic(ctx: AccessContext, values: ClinicValues): Promise<Clinic> {
    const row = await this.uow.write(ctx, (work) => work.use(OrganisationRepository).createClinic(values, MAX_CLINICS));
    this.changed();
    return toClinic(row);
  }

  async updateClinic(ctx: AccessContext, id: string, values: ClinicValues): Promise<Clinic> {
    const row = await this.uow.write(ctx, (work) => work.use(OrganisationRepository).updateClinic(id, values));
    this.changed();
    return toClinic(row);
  }

  async deleteClinic(ctx: AccessContext, id: string): Promise<void> {
    await this.uow.write(ctx, (work) => work.use(OrganisationRepository).deleteClinic(id));
    this.changed();
  }

  /** GET /api/public/config without the demo flag: settings and clinics, PHI-free. */
  async publicIdentity(ctx: AccessContext): Promise<Omit<PublicConfig, 'demoMode'>> {
    const now = this.now();
    if (this.cachedPublic && now - this.cachedPublic.at < PUBLIC_CACHE_MS) return this.cachedPublic.value;
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(OrganisationRepository);
      const [row, clinics] = await Promise.all([repository.settings(), repository.clinics()]);
      const settings = this.toSettings(row);
      const value = {
        organisationName: settings.name,
        supportEmail: settings.supportEmail,
        phone: settings.phone,
        address: settings.address,
        logoUrl: settings.logoUrl,
        clinics: clinics.map(toClinic),
      };
      this.cachedPublic = { value, at: now };
      return value;
    });
  }

  /** After a committed change: the public answer is counted again. */
  private changed(): void {
    this.cachedPublic = undefined;
  }

  private toSettings(row: OrganisationSettingsRow | undefined): OrganisationSettings {
    if (!row) {
      const { organisationName, supportEmail } = this.options.config;
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
}
