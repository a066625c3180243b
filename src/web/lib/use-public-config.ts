import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
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

/**
 * The deployment's name if the public config is already loaded (the frame loads it), without
 * fetching it or waiting for it: for checks that are better with it and fine without.
 */
export function useLoadedOrganisationName(): string | undefined {
  const client = useContext(QueryClientContext);
  return (client?.getQueryData(publicConfigQuery.queryKey) as { organisationName?: string } | undefined)?.organisationName;
}
