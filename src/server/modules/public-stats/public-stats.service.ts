import type { PublicStats } from '../../../contracts/public-stats';
import type { PublicStatsRepository } from './public-stats.repository';

// Spec §2 hero figures and §9 Landing page, from this deployment's own data (DESIGN.md §10).
// Aggregates only, so no audit entry: no patient's data is read or shown.
//
// What each figure counts today:
// - activeUsers: active accounts of every role.
// - appointmentsToday: 0, because this deployment has no appointments table yet; the appointments
//   issue counts its rows dated today here.
// - diagnosesRecorded: conditions on record (patients' reported medical history until the problem
//   list arrives).
// - satisfaction: the review-weighted mean doctor rating out of 5, as a percentage.
// - clinics: every clinic of the organisation settings with its patients today, 0 until the
//   appointments issue counts the patients with an appointment there today.

/** Many visitors, one count: figures are reused for `ttlMs`, and concurrent misses share one query. */
export class PublicStatsService {
  private cached: { stats: PublicStats; at: number } | undefined;
  private pending: Promise<PublicStats> | undefined;

  constructor(
    private readonly repository: PublicStatsRepository,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<PublicStats> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.stats;
    this.pending ??= this.count().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async count(): Promise<PublicStats> {
    const counts = await this.repository.counts();
    const at = this.now();
    const stats: PublicStats = {
      activeUsers: counts.activeUsers,
      appointmentsToday: 0,
      diagnosesRecorded: counts.conditionsRecorded,
      satisfaction: counts.reviews > 0 ? Math.round((counts.ratingPoints / counts.reviews / 5) * 1000) / 10 : null,
      clinics: counts.clinicIds.map((clinicId) => ({ clinicId, patientsToday: 0 })),
      generatedAt: new Date(at).toISOString(),
    };
    this.cached = { stats, at };
    return stats;
  }
}
