import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillRequest, RefillRequestListResponse } from '../../../../contracts/refill-requests';
import { api } from '../../../lib/api-client';

// Issue 7 item 5. The query key is the URL it GETs, so a medication_update push refreshes it
// (lib/realtime/push-reactions.ts).

export function refillRequestsPath(patientId: string): string {
  return `/api/medications/patient/${encodeURIComponent(patientId)}/refill-requests`;
}

export function refillRequestsQuery(patientId: string) {
  const path = refillRequestsPath(patientId);
  return queryOptions({
    queryKey: [path],
    queryFn: () => api.get<RefillRequestListResponse>(path).then((answer) => answer.data),
  });
}

/** The newest request of each medication. */
export function latestByMedication(requests: readonly RefillRequest[]): Map<string, RefillRequest> {
  const latest = new Map<string, RefillRequest>();
  for (const request of requests) {
    const known = latest.get(request.medicationId);
    if (!known || known.requestedAt < request.requestedAt) latest.set(request.medicationId, request);
  }
  return latest;
}

export function useRequestRefill(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ medicationId, note }: { medicationId: string; note: string }) =>
      api
        .post<{ data: RefillRequest }>(`/medications/${encodeURIComponent(medicationId)}/refill-requests`, note.trim() ? { note } : {})
        .then((answer) => answer.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [refillRequestsPath(patientId)] }),
  });
}
