import { queryOptions } from '@tanstack/react-query';
import { publicStatsApi } from '../../../../contracts/public-stats';
import { PUBLIC_STATS_REFRESH_MS } from '../../../../contracts/public-stats-timing';
import { routeQuery } from '../../../lib/api-routes';

const { queryKey, queryFn } = routeQuery(publicStatsApi.stats, {});

/** GET /api/public/stats, asked again every few seconds while the page is open (the hero figures). */
export const publicStatsQuery = queryOptions({
  queryKey,
  queryFn,
  staleTime: PUBLIC_STATS_REFRESH_MS,
  refetchInterval: PUBLIC_STATS_REFRESH_MS,
  // A hidden tab does not need live figures.
  refetchIntervalInBackground: false,
});
