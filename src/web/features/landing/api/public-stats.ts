import { EARLY_ROUTES } from '../../../../contracts/early-routes';
import type { publicStatsApi } from '../../../../contracts/public-stats';
import { PUBLIC_STATS_REFRESH_MS } from '../../../../contracts/public-stats-timing';
import { earlyRoute, routeQuery } from '../../../lib/api-routes';

/**
 * publicStatsApi.stats, asked again every few seconds while the page is open (the hero figures).
 * By the route's early address: the contract module brings zod, which the landing page's first
 * load must not carry (landing-entry-imports.test.ts).
 */
const publicStatsRoute = earlyRoute<typeof publicStatsApi.stats>(EARLY_ROUTES.publicStats);

export const publicStatsQuery = {
  ...routeQuery(publicStatsRoute, {}),
  staleTime: PUBLIC_STATS_REFRESH_MS,
  refetchInterval: PUBLIC_STATS_REFRESH_MS,
  // A hidden tab does not need live figures.
  refetchIntervalInBackground: false,
};
