import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsApi, type TodayQuery } from '../../../../contracts/appointments';
import { bookingApi, type RescheduleAppointmentRequest } from '../../../../contracts/booking';
import { doctorsApi } from '../../../../contracts/doctors';
import { frontDeskApi, type ApproveRequest, type ArrivalAction, type StaffBookRequest } from '../../../../contracts/front-desk';
import { staffPortalApi, type StaffStatus } from '../../../../contracts/staff-portal';
import { callRoute, routeMatcher, routeQuery, type QueryMatcher } from '../../../lib/api-routes';
import { useActionKeys } from '../../../lib/idempotency';

// The staff home through the routes' contracts. Query keys start with the URL they GET, so an
// appointment_update or staff_status_update push (api/reactions.ts) refreshes what is on screen;
// after a step of our own the same queries are refreshed at once, refused or not (a refusal means
// someone else moved first, so the screen is out of date either way).

/** The clinic's day in counts (GET /api/staff/dashboard-stats). */
export function staffStatsQuery() {
  return routeQuery(staffPortalApi.stats, {}, (answer) => answer.data);
}

/** The caller's own desk status and their colleagues'. */
export function staffStatusQuery() {
  return routeQuery(staffPortalApi.status, {}, (answer) => answer.data);
}

/** Requests waiting for approval. */
export function pendingRequestsQuery() {
  return routeQuery(frontDeskApi.pending, {}, (answer) => answer.data);
}

/** The whole clinic's appointments of the clinic's today, with each doctor's queue. */
export function clinicTodayQuery(timeZone: string, filters: Omit<TodayQuery, 'timeZone'> = {}) {
  return routeQuery(appointmentsApi.today, { query: { timeZone, ...filters } });
}

/** Every doctor, to book with (the directory answers all of them without a page size). */
export function deskDoctorsQuery() {
  return { ...routeQuery(doctorsApi.list, {}, (answer) => answer.data), staleTime: 5 * 60_000 };
}

/** What a desk step changes: the counts, the day, the requests, and the appointment lists and queues elsewhere in this tab. */
export const DESK_QUERIES: readonly QueryMatcher[] = [
  routeMatcher(staffPortalApi.stats),
  routeMatcher(frontDeskApi.pending),
  routeMatcher(appointmentsApi.today),
  routeMatcher(appointmentsApi.list),
  routeMatcher(appointmentsApi.forPatient),
  routeMatcher(appointmentsApi.forDoctor),
  routeMatcher(bookingApi.queue),
  routeMatcher(bookingApi.slots),
];

function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => DESK_QUERIES.some((matches) => matches(query.queryKey)) });
}

export function useApproveRequest() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApproveRequest }) =>
      callRoute(frontDeskApi.approve, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useDeclineRequest() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callRoute(frontDeskApi.decline, { params: { id }, body: { reason } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useArrival() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ArrivalAction }) =>
      callRoute(frontDeskApi.arrival, {
        params: { id },
        body: action === 'check-in' ? { action, identityConfirmed: true } : { action },
      }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

/** Cancelling on a patient's behalf; one Idempotency-Key per action, so a retry answers the first outcome. */
export function useCancelOnBehalf() {
  const refresh = useRefreshDesk();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      callRoute(frontDeskApi.cancel, { params: { id }, body: {} }, { idempotencyKey: keys.keyFor({ id, cancel: true }) }).then(
        (answer) => answer.data,
      ),
    onSuccess: () => keys.done(),
    onSettled: refresh,
  });
}

/**
 * Booking on a patient's behalf. The key follows the form's content, so a retry of the same booking
 * (after a timeout) answers the first outcome and never books twice; a changed form is a new booking.
 */
export function useBookOnBehalf() {
  const refresh = useRefreshDesk();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (body: StaffBookRequest) =>
      callRoute(frontDeskApi.book, { body }, { idempotencyKey: keys.keyFor(body) }).then((answer) => answer.data),
    onSuccess: () => keys.done(),
    onSettled: refresh,
  });
}

/** Moving an appointment to another free time of the same doctor, on the patient's behalf. */
export function useRescheduleOnBehalf() {
  const refresh = useRefreshDesk();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ id, ...body }: RescheduleAppointmentRequest & { id: string }) =>
      callRoute(frontDeskApi.reschedule, { params: { id }, body }, { idempotencyKey: keys.keyFor({ id, ...body }) }).then(
        (answer) => answer.data,
      ),
    onSuccess: () => keys.done(),
    onSettled: refresh,
  });
}

export function useSetStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: StaffStatus) => callRoute(staffPortalApi.setStatus, { body: { status } }).then((answer) => answer.data),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => routeMatcher(staffPortalApi.status)(query.queryKey) }),
  });
}
