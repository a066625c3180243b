import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaveApi, type CreateLeave, type DecideLeave, type LeaveListQuery, type UpdateAvailability } from '../../../../contracts/leave';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';

// A doctor's hours, leave and coverage on the web. Keys are the URLs they GET, so the leave and
// coverage pushes (api/reactions.ts) and each change here refresh the same queries.

export const availabilityQuery = () => routeQuery(leaveApi.availability, {}, (answer) => answer.data);
export const leaveListQuery = (query: Partial<LeaveListQuery>) => routeQuery(leaveApi.list, { query });
export const coverageQuery = () => routeQuery(leaveApi.coverage, {}, (answer) => answer.data);
export const myCoverageQuery = () => routeQuery(leaveApi.myCoverage, {}, (answer) => answer.data);

function useRefresh(...contracts: { path: string }[]) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (query) => contracts.some((contract) => routeMatcher(contract)(query.queryKey)) });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAvailability) => callRoute(leaveApi.updateAvailability, { body }).then((answer) => answer.data),
    onSuccess: (data) => queryClient.setQueryData(availabilityQuery().queryKey, data),
  });
}

export function useRequestLeave() {
  const refresh = useRefresh(leaveApi.list);
  return useMutation({
    mutationFn: (body: CreateLeave) => callRoute(leaveApi.create, { body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useWithdrawLeave() {
  const refresh = useRefresh(leaveApi.list);
  return useMutation({
    mutationFn: (id: string) => callRoute(leaveApi.withdraw, { params: { id } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useDecideLeave() {
  const refresh = useRefresh(leaveApi.list);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideLeave }) =>
      callRoute(leaveApi.decide, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useAcceptCoverage() {
  const refresh = useRefresh(leaveApi.coverage, leaveApi.myCoverage);
  return useMutation({
    mutationFn: (id: string) => callRoute(leaveApi.accept, { params: { id } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}
