import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refillRequestsApi, type RefillRequest } from '../../../../contracts/refill-requests';
import { callRoute, routeKey, routeQuery } from '../../../lib/api-routes';
import { useActionKeys } from '../../../lib/idempotency';

// Refill requests on the web. The query key is the URL it GETs, so a medication_update push
// refreshes it (api/reactions.ts). A request sends one Idempotency-Key per user action, so a retry
// after a timeout is answered with the first request instead of "already requested".

export function refillRequestsQuery(patientId: string) {
  return routeQuery(refillRequestsApi.listForPatient, { params: { id: patientId } }, (answer) => answer.data);
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
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ medicationId, note }: { medicationId: string; note: string }) => {
      const body = note.trim() ? { note } : {};
      return callRoute(
        refillRequestsApi.create,
        { params: { id: medicationId }, body },
        { idempotencyKey: keys.keyFor({ medicationId, ...body }) },
      ).then((answer) => answer.data);
    },
    onSuccess: () => keys.done(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeKey(refillRequestsApi.listForPatient, { params: { id: patientId } }) }),
  });
}
