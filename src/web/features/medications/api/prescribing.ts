import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MedicationStatus } from '../../../../contracts/medications';
import { prescribingApi, type CreatePrescription, type PrescriptionCheck } from '../../../../contracts/prescribing';
import { refillRequestsApi, type DecideRefill } from '../../../../contracts/refill-requests';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';
import { useActionKeys } from '../../../lib/idempotency';

// A doctor's prescribing on the web: the refill requests waiting for them, their prescriptions,
// the checks of a new one, and the changes. Query keys are the URLs they GET, so a
// medication_update push refreshes them (api/reactions.ts); each change refreshes them too.

export function pendingRefillsQuery() {
  return routeQuery(refillRequestsApi.pending, {}, (answer) => answer.data);
}

export function prescriptionsQuery(doctorId: string, status: MedicationStatus | undefined, page: number) {
  return routeQuery(prescribingApi.listForDoctor, { params: { id: doctorId }, query: { status, page } });
}

/** The warnings of the chosen drug for the chosen patient; asked again when either changes. */
export function usePrescriptionCheck(input: PrescriptionCheck | null) {
  return useQuery({
    queryKey: ['prescription-check', input],
    queryFn: () => callRoute(prescribingApi.check, { body: input! }).then((answer) => answer.data),
    enabled: input !== null,
    staleTime: 0,
  });
}

function useRefreshPrescribing() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        [routeMatcher(prescribingApi.listForDoctor), routeMatcher(refillRequestsApi.pending)].some((matches) => matches(query.queryKey)) ||
        query.queryKey[0] === 'prescription-check',
    });
}

export function useDecideRefill() {
  const refresh = useRefreshPrescribing();
  return useMutation({
    mutationFn: ({ id, ...body }: DecideRefill & { id: string }) =>
      callRoute(refillRequestsApi.decide, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function usePrescribe() {
  const refresh = useRefreshPrescribing();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (body: CreatePrescription) =>
      callRoute(prescribingApi.prescribe, { body }, { idempotencyKey: keys.keyFor(body) }).then((answer) => answer.data),
    onSuccess: () => keys.done(),
    onSettled: refresh,
  });
}

export function useDiscontinue() {
  const refresh = useRefreshPrescribing();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callRoute(prescribingApi.discontinue, { params: { id }, body: { reason } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useRenew() {
  const refresh = useRefreshPrescribing();
  return useMutation({
    mutationFn: ({ id, overrideReason }: { id: string; overrideReason?: string }) =>
      callRoute(prescribingApi.renew, { params: { id }, body: overrideReason ? { overrideReason } : {} }).then((answer) => answer.data),
    onSettled: refresh,
  });
}
