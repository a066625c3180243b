import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppointmentResponse,
  BookAppointmentRequest,
  RescheduleAppointmentRequest,
  SlotsResponse,
} from '../../../../contracts/booking';
import type { DoctorListResponse } from '../../../../contracts/doctors';
import type { PublicConfig } from '../../../../contracts/public-config';
import { api, apiUrl } from '../../../lib/api-client';

// Issue 7 item 3 on the web: free slots, booking, rescheduling, cancelling, the queue on the day and
// the calendar file. Query keys start with the URL they GET, so appointment_update pushes refresh
// the lists (lib/realtime/push-reactions.ts); after a change of our own we refresh them at once.

/** Every doctor (the directory answers all of them without a page size). */
export function bookableDoctorsQuery() {
  return queryOptions({
    queryKey: ['/api/doctors', { all: true }],
    queryFn: () => api.get<DoctorListResponse>('/api/doctors').then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });
}

export function slotsQuery(doctorId: string, from: string, to: string, timeZone: string) {
  const path = `/api/doctors/${encodeURIComponent(doctorId)}/slots`;
  const params = new URLSearchParams({ from, to, timeZone });
  return queryOptions({
    queryKey: [path, { from, to, timeZone }],
    queryFn: () => api.get<SlotsResponse>(`${path}?${params.toString()}`),
  });
}

/** The clinic's phone for "please call us" (same key and answer as lib/use-public-config). */
export function clinicContactQuery() {
  return queryOptions({
    queryKey: ['/api/public/config'],
    queryFn: () => api.get<PublicConfig>('/api/public/config'),
    staleTime: 10 * 60_000,
  });
}

export function calendarUrl(appointmentId: string): string {
  return apiUrl(`/api/appointments/${encodeURIComponent(appointmentId)}/calendar.ics`);
}

function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const [key] = query.queryKey;
        return typeof key === 'string' && (key.startsWith('/api/appointments') || key.endsWith('/slots'));
      },
    });
}

export function useBookAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (body: BookAppointmentRequest) => api.post<AppointmentResponse>('/api/appointments', body).then((a) => a.data),
    onSuccess: refresh,
  });
}

export function useRescheduleAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, ...body }: RescheduleAppointmentRequest & { id: string }) =>
      api.put<AppointmentResponse>(`/api/appointments/${encodeURIComponent(id)}`, body).then((a) => a.data),
    onSuccess: refresh,
  });
}

export function useCancelAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api.post<AppointmentResponse>(`/api/appointments/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {}).then((a) => a.data),
    onSuccess: refresh,
  });
}
