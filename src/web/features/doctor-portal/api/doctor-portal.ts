import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentsApi } from '../../../../contracts/appointments';
import { bookingApi } from '../../../../contracts/booking';
import { doctorPortalApi, type VisitAction } from '../../../../contracts/doctor-portal';
import { callRoute, routeMatcher, routeQuery, type QueryMatcher } from '../../../lib/api-routes';

// The doctor's home through the routes' contracts. Query keys start with the URL they GET, so an
// appointment_update push (api/reactions.ts) refreshes the counts and every schedule on screen;
// after a visit step of our own they are refreshed at once.

/** The day's counts (GET /api/doctor/dashboard-stats). */
export function dashboardStatsQuery() {
  return routeQuery(doctorPortalApi.stats, {}, (answer) => answer.data);
}

/** Today's schedule in the clinic's zone, with the queue. */
export function todayScheduleQuery() {
  return routeQuery(doctorPortalApi.schedule, {});
}

/** The schedule of calendar days [from, to] of the clinic's zone (the calendar). */
export function scheduleRangeQuery(from: string, to: string) {
  return routeQuery(doctorPortalApi.schedule, { query: { from, to } });
}

/** What a visit step changes: the counts, the schedules, and the appointment lists and queues elsewhere in this tab. */
export const VISIT_QUERIES: readonly QueryMatcher[] = [
  routeMatcher(doctorPortalApi.stats),
  routeMatcher(doctorPortalApi.schedule),
  routeMatcher(appointmentsApi.list),
  routeMatcher(appointmentsApi.today),
  routeMatcher(appointmentsApi.forDoctor),
  routeMatcher(bookingApi.queue),
];

export function useVisitStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: VisitAction }) =>
      callRoute(doctorPortalApi.visit, { params: { id }, body: { action } }).then((answer) => answer.data),
    // A refused step (another tab moved the visit on) also means what is on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => VISIT_QUERIES.some((matches) => matches(query.queryKey)) }),
  });
}
