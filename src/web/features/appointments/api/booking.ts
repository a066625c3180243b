import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { appointmentsApi } from '../../../../contracts/appointments';
import { bookingApi, type BookAppointmentRequest, type RescheduleAppointmentRequest } from '../../../../contracts/booking';
import { doctorsApi } from '../../../../contracts/doctors';
import { organisationApi } from '../../../../contracts/organisation';
import { apiUrl } from '../../../lib/api-client';
import { callRoute, routeMatcher, routeQuery, routeUrl, type QueryMatcher } from '../../../lib/api-routes';
import { useActionKeys } from '../../../lib/idempotency';

// Booking on the web: free slots, booking, rescheduling, cancelling, confirming, the queue on the
// day and the calendar file, through the routes' contracts. Query keys start with the URL they GET,
// so appointment_update pushes refresh the lists (api/reactions.ts); after a change of our own we
// refresh them at once. Each change sends one Idempotency-Key per user action: a retry of the same
// action (after a timeout) is answered with its first outcome, never booked twice.

/** Every doctor (the directory answers all of them without a page size). */
export function bookableDoctorsQuery() {
  return { ...routeQuery(doctorsApi.list, {}, (answer) => answer.data), staleTime: 5 * 60_000 };
}

/** The clinic's phone for "please call us" (same key and answer as lib/use-public-config). */
export function clinicContactQuery() {
  return { ...routeQuery(organisationApi.publicConfig, {}), staleTime: 10 * 60_000 };
}

export function calendarUrl(appointmentId: string): string {
  return apiUrl(routeUrl(bookingApi.calendar, { params: { id: appointmentId } }));
}

/** Every list an appointment shows in, and every doctor's free slots. */
export const APPOINTMENT_QUERIES: readonly QueryMatcher[] = [
  routeMatcher(appointmentsApi.list),
  routeMatcher(appointmentsApi.today),
  routeMatcher(appointmentsApi.forPatient),
  routeMatcher(appointmentsApi.forDoctor),
  routeMatcher(bookingApi.queue),
  routeMatcher(bookingApi.slots),
];

/** Refetches the free slots (a slot turned out to be taken). */
export function refreshSlots(queryClient: QueryClient) {
  const slots = routeMatcher(bookingApi.slots);
  return queryClient.invalidateQueries({ predicate: (query) => slots(query.queryKey) });
}

function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => APPOINTMENT_QUERIES.some((matches) => matches(query.queryKey)) });
}

export function useBookAppointment() {
  const refresh = useRefreshAppointments();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (body: BookAppointmentRequest) =>
      callRoute(bookingApi.book, { body }, { idempotencyKey: keys.keyFor(body) }).then((answer) => answer.data),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
  });
}

export function useRescheduleAppointment() {
  const refresh = useRefreshAppointments();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ id, ...body }: RescheduleAppointmentRequest & { id: string }) =>
      callRoute(bookingApi.reschedule, { params: { id }, body }, { idempotencyKey: keys.keyFor({ id, ...body }) }).then(
        (answer) => answer.data,
      ),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
  });
}

export function useCancelAppointment() {
  const refresh = useRefreshAppointments();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => {
      const body = reason ? { reason } : {};
      return callRoute(bookingApi.cancel, { params: { id }, body }, { idempotencyKey: keys.keyFor({ id, ...body }) }).then(
        (answer) => answer.data,
      );
    },
    onSuccess: () => {
      keys.done();
      return refresh();
    },
  });
}

/** The patient says they will come; confirming twice keeps the first time, so no key is needed for a retry. */
export function useConfirmAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (id: string) => callRoute(bookingApi.confirm, { params: { id } }).then((answer) => answer.data),
    onSuccess: () => refresh(),
  });
}
