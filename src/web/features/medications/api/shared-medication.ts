import { queryOptions } from '@tanstack/react-query';
import type { SharedMedication } from '../../../../contracts/shared-medication';
import { api, ApiError } from '../../../lib/api-client';

/** The public medication list behind a share link. Unknown, expired and revoked links all answer 404. */
export function sharedMedicationQuery(token: string) {
  return queryOptions({
    queryKey: ['shared-medication', token],
    queryFn: () => api.get<SharedMedication>(`/shared/medication/${encodeURIComponent(token)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 0,
  });
}
