import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsApi } from '../../../../contracts/appointments';
import { parkingApi, type CreateSpotRequest, type UpdateSpotRequest } from '../../../../contracts/parking';
import { staffPortalApi } from '../../../../contracts/staff-portal';
import { callRoute, routeMatcher, routeQuery, type QueryMatcher } from '../../../lib/api-routes';

// The car park through its routes' contracts. The lot's query key starts with its URL, so a
// parking_update push (api/reactions.ts) refreshes it; after a step of our own it is refreshed at
// once, refused or not (a refusal means someone else moved first, so the screen is out of date).
// Every day's lot shares the URL's path, so the matchers reach whichever day is on screen.

export type SpotStep = 'assign' | 'occupy' | 'release';

/**
 * The lot, its counts and the visits in person of a day of the clinic's calendar; today (the
 * server's, in the clinic's zone) when no day is named, so an open page moves on at midnight.
 */
export function parkingLotQuery(date?: string) {
  return routeQuery(parkingApi.spots, { query: date ? { date } : {} }, (answer) => answer.data);
}

/** What a step on a spot changes in this tab: the lot, and the desk's day with its parking. */
export const PARKING_QUERIES: readonly QueryMatcher[] = [
  routeMatcher(parkingApi.spots),
  routeMatcher(staffPortalApi.stats),
  routeMatcher(appointmentsApi.today),
];

export function useSpotStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, spotId, appointmentId }: { step: SpotStep; spotId: string; appointmentId?: string }) =>
      (step === 'assign'
        ? callRoute(parkingApi.assign, { params: { id: spotId }, body: { appointmentId: appointmentId ?? '' } })
        : callRoute(step === 'occupy' ? parkingApi.occupy : parkingApi.release, { params: { id: spotId } })
      ).then((answer) => answer.data),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => PARKING_QUERIES.some((matches) => matches(query.queryKey)) }),
  });
}

function useRefreshLot() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => PARKING_QUERIES.some((matches) => matches(query.queryKey)) });
}

/** An administrator's change to the layout: a new spot, an edit (of the version read), or a removal. */
export function useSpotLayout() {
  const refresh = useRefreshLot();
  const add = useMutation({
    mutationFn: (body: CreateSpotRequest) => callRoute(parkingApi.create, { body }).then((answer) => answer.data),
    onSettled: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSpotRequest }) =>
      callRoute(parkingApi.update, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callRoute(parkingApi.remove, { params: { id } }),
    onSettled: refresh,
  });
  return { add, edit, remove };
}
