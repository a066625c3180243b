import type { PublicStats } from '../../../contracts/public-stats';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { PublicStatsRepository } from './public-stats.repository';

// The landing page's hero figures, from this deployment's own data. Aggregates only, so no audit
// entry: no patient's data is read or shown.
//
// What each figure counts:
// - activeUsers: active accounts of every role.
// - appointmentsToday: appointments starting today in the clinic's time zone, cancelled ones not.
// - diagnosesRecorded: conditions on record of active patients: the entries of their problem lists
//   and the conditions they reported at registration.
// - satisfaction: the review-weighted mean doctor rating out of 5, as a percentage.
// - clinics: every clinic of the organisation settings with its patients today: the distinct
//   patients with an in-person appointment today with a doctor who works at that clinic. An
//   organisation with exactly one clinic counts every in-person patient there, those of doctors
//   placed at no clinic too (the clinic is the only place they can be seen).

export interface PublicStatsOptions {
  /** Figures are reused for this long. */
  ttlMs: number;
  /** The clinic's clock: its zone says where "today" begins and ends (asked at every count). */
  clinic: ClinicClock;
  now?: () => number;
}

/** Many visitors, one count: figures are reused for `ttlMs`, and concurrent misses share one query. */
export class PublicStatsService {
  private cached: { stats: PublicStats; at: number; zone: string } | undefined;
  private pending: Promise<PublicStats> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: PublicStatsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async current(ctx: AccessContext): Promise<PublicStats> {
    // Figures counted in another zone's "today" are not reused once an admin changed the zone.
    const zone = this.options.clinic.timeZone();
    if (this.cached && this.cached.zone === zone && this.now() - this.cached.at < this.options.ttlMs) return this.cached.stats;
    this.pending ??= this.count(ctx, zone).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private count(ctx: AccessContext, zone: string): Promise<PublicStats> {
    return this.uow.read(ctx, async (work) => {
      const at = this.now();
      const counts = await work.use(PublicStatsRepository).counts(new Date(at), zone);
      const onlyClinic = counts.clinicIds.length === 1;
      const stats: PublicStats = {
        activeUsers: counts.activeUsers,
        appointmentsToday: counts.appointmentsToday,
        diagnosesRecorded: counts.conditionsRecorded + counts.problemsRecorded,
        satisfaction: counts.reviews > 0 ? Math.round((counts.ratingPoints / counts.reviews / 5) * 1000) / 10 : null,
        clinics: counts.clinicIds.map((clinicId) => ({
          clinicId,
          patientsToday: onlyClinic ? counts.inPersonPatientsToday : (counts.inPersonPatientsByClinic.get(clinicId) ?? 0),
        })),
        generatedAt: new Date(at).toISOString(),
      };
      this.cached = { stats, at, zone };
      return stats;
    });
  }
}
