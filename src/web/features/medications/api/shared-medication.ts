import { queryOptions } from '@tanstack/react-query';
import { shareLinksApi } from '../../../../contracts/share-links';
import { ApiError } from '../../../lib/api-client';
import { routeQuery } from '../../../lib/api-routes';

/** The public medication list behind a share link. Unknown, expired and revoked links all answer 404. */
export function sharedMedicationQuery(token: string) {
  const { queryKey, queryFn } = routeQuery(shareLinksApi.open, { params: { token } });
  return queryOptions({
    queryKey,
    queryFn,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 0,
  });
}
