import { z } from 'zod';
import { defineRoute } from './http';
import { EARLY_ROUTES } from './early-routes';

/**
 * GET /api/public/stats: the landing page's live figures (its hero and the clinics' map), as real
 * aggregates of this deployment instead of simulated numbers. Counts only:
 * no name, id of a person, or anything else that could identify a patient.
 */
export const clinicActivitySchema = z.object({
  /** The clinic's id in the organisation settings. */
  clinicId: z.string(),
  /** Distinct patients coming in person today to the doctors who work at the clinic. */
  patientsToday: z.number().int().nonnegative(),
});

export const publicStatsSchema = z.object({
  /** Accounts that are active (not disabled), all roles. */
  activeUsers: z.number().int().nonnegative(),
  /** Appointments dated today in the organisation's time zone. */
  appointmentsToday: z.number().int().nonnegative(),
  /** Conditions on record of active patients: problem-list entries and conditions reported at registration. */
  diagnosesRecorded: z.number().int().nonnegative(),
  /** Review-weighted mean doctor rating as a percentage (one decimal); null before the first review. */
  satisfaction: z.number().min(0).max(100).nullable(),
  clinics: z.array(clinicActivitySchema),
  /** When these figures were counted (ISO 8601): answers are cached for a few seconds. */
  generatedAt: z.iso.datetime(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

export { PUBLIC_STATS_CACHE_SECONDS, PUBLIC_STATS_REFRESH_MS } from './public-stats-timing';

export const publicStatsApi = {
  stats: defineRoute({ ...EARLY_ROUTES.publicStats, response: publicStatsSchema }),
};
