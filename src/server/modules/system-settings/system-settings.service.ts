import type { SystemSettings, SystemSettingsValues } from '../../../contracts/system-settings';
import type { AccessContext } from '../../platform/access-context';
import { describeSystemSettings, type SettingsConfig } from '../../platform/system-settings';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { SystemSettingsRepository } from './system-settings.repository';

// The settings an administrator changes while the server runs. What is in force is read through
// the platform's short-lived copy (platform/system-settings.ts); a save here makes this instance
// forget its copy at once, and every other instance reads the row again within a few seconds.

export interface SystemSettingsOptions {
  config: SettingsConfig;
  /** Told after a save has committed. */
  onChanged: () => void;
}

export class SystemSettingsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: SystemSettingsOptions,
  ) {}

  settings(ctx: AccessContext): Promise<SystemSettings> {
    return this.uow.read(ctx, async (work) =>
      describeSystemSettings(await work.use(SystemSettingsRepository).settings(), this.options.config),
    );
  }

  async update(ctx: AccessContext, values: SystemSettingsValues): Promise<SystemSettings> {
    const row = await this.uow.write(ctx, (work) => work.use(SystemSettingsRepository).save(values));
    this.options.onChanged();
    return describeSystemSettings(row, this.options.config);
  }
}
