import { useQuery } from '@tanstack/react-query';
import { EARLY_ROUTES } from '../../contracts/early-routes';
import type { organisationApi } from '../../contracts/organisation';
import { earlyRoute, routeQuery } from './api-routes';

// The frame and the landing page read this before zod loads: the route goes by its early address.
const publicConfigRoute = earlyRoute<typeof organisationApi.publicConfig>(EARLY_ROUTES.publicConfig);
const publicConfigQuery = { ...routeQuery(publicConfigRoute, {}), staleTime: 10 * 60 * 1000 };

/** The deployment's name, support address and demo flag (organisationApi.publicConfig). */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
