import { queryOptions } from '@tanstack/react-query';
import type { PublicStats } from '../../../../contracts/public-stats';
import { PUBLIC_STATS_REFRESH_MS } from '../../../../contracts/public-stats-timing';
import { api } from '../../../lib/api-client';

/**
 * GET /api/public/stats, asked again every few seconds while the page is open (the hero figures).
 * Called by URL, not through its contract: the contract module brings zod, which the landing page's
 * first load must not carry (landing-entry-imports.test.ts).
 */
export const publicStatsQuery = queryOptions({
  queryKey: ['/api/public/stats'],
  queryFn: () => api.get<PublicStats>('/public/stats'),
  staleTime: PUBLIC_STATS_REFRESH_MS,
  refetchInterval: PUBLIC_STATS_REFRESH_MS,
  // A hidden tab does not need live figures.
  refetchIntervalInBackground: false,
});
