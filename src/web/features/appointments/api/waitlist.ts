import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentLinksApi, type AppointmentLinkAction } from '../../../../contracts/appointment-links';
import { waitlistApi, type JoinWaitlistRequest } from '../../../../contracts/waitlist';
import { ApiError } from '../../../lib/api-client';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';
import { useActionKeys } from '../../../lib/idempotency';
import { APPOINTMENT_QUERIES } from './booking';

// The waitlist and a reminder's one-click links on the web, through the routes' contracts.

export function waitlistQuery() {
  return routeQuery(waitlistApi.list, {});
}

function useRefreshWaitlist(andAppointments = false) {
  const queryClient = useQueryClient();
  const waitlist = routeMatcher(waitlistApi.list);
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => waitlist(query.queryKey) || (andAppointments && APPOINTMENT_QUERIES.some((matches) => matches(query.queryKey))),
    });
}

/** Joining sends one Idempotency-Key per action, so a retry after a timeout is not refused as "already joined". */
export function useJoinWaitlist() {
  const refresh = useRefreshWaitlist();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (body: JoinWaitlistRequest) =>
      callRoute(waitlistApi.join, { body }, { idempotencyKey: keys.keyFor(body) }).then((answer) => answer.data),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
  });
}

export function useLeaveWaitlist() {
  const refresh = useRefreshWaitlist();
  return useMutation({
    mutationFn: (id: string) => callRoute(waitlistApi.leave, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useAcceptOffer() {
  const refresh = useRefreshWaitlist(true);
  return useMutation({
    mutationFn: (id: string) => callRoute(waitlistApi.accept, { params: { id } }).then((answer) => answer.data),
    // A refusal (the time is gone) changes the list too: refresh either way.
    onSettled: () => refresh(),
  });
}

/** A reminder link's appointment; an unknown, used or expired link is not asked again. */
export function appointmentLinkQuery(token: string) {
  const { queryKey, queryFn } = routeQuery(appointmentLinksApi.open, { params: { token } });
  return queryOptions({
    queryKey,
    queryFn,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 0,
  });
}

export function useAppointmentLink(token: string) {
  return useMutation({
    mutationFn: (action: AppointmentLinkAction) => callRoute(appointmentLinksApi.use, { params: { token }, body: { action } }),
  });
}
