import { queryOptions } from '@tanstack/react-query';
import type { AppointmentListResponse } from '../../../contracts/appointments';
import type { QueueResponse } from '../../../contracts/booking';
import { healthRecordsApi } from '../../../contracts/health-records';
import type { MedicationListResponse } from '../../../contracts/medications';
import { api } from '../api-client';
import { routeQuery } from '../api-routes';

// The patient's clinical reads, shared by the dashboard and the views that show them in full.
// Each query key starts with the URL it GETs (spec §7 cache keys), so the pushes of spec §4
// (appointment_update, medication_update, vitals_update) refresh them: see realtime/push-reactions.ts.

export type AppointmentWhen = 'upcoming' | 'past';

function patientPath(template: string, patientId: string): string {
  return template.replace('{id}', encodeURIComponent(patientId));
}

export function patientAppointmentsQuery(patientId: string, when: AppointmentWhen, pageSize = 50) {
  const path = patientPath('/api/appointments/patient/{id}', patientId);
  const params = new URLSearchParams({ when, pageSize: String(pageSize) });
  return queryOptions({
    queryKey: [path, { when, pageSize }],
    queryFn: () => api.get<AppointmentListResponse>(`${path}?${params.toString()}`),
  });
}

export function patientMedicationsQuery(patientId: string) {
  const path = patientPath('/api/medications/patient/{id}', patientId);
  return queryOptions({
    queryKey: [path],
    queryFn: () => api.get<MedicationListResponse>(path).then((answer) => answer.data),
  });
}

/** Every vital of the patient, newest first (the server caps the answer at `limit`). */
export function patientVitalsQuery(patientId: string, limit = 1000) {
  return routeQuery(healthRecordsApi.vitals, { params: { id: patientId }, query: { limit } }, (answer) => answer.data);
}

/** Released lab panels only (the server never sends a patient an unreleased one). */
export function patientLabResultsQuery(patientId: string) {
  return routeQuery(healthRecordsApi.labResults, { params: { id: patientId } }, (answer) => answer.data);
}

export function patientAllergiesQuery(patientId: string) {
  return routeQuery(healthRecordsApi.allergies, { params: { id: patientId } }, (answer) => answer.data);
}

/** On the day of a visit: its place in the doctor's queue and the estimated wait (GET /api/appointments/{id}/queue). */
export function appointmentQueueQuery(appointmentId: string) {
  const path = `/api/appointments/${encodeURIComponent(appointmentId)}/queue`;
  return queryOptions({
    queryKey: [path],
    queryFn: () => api.get<QueueResponse>(path).then((answer) => answer.data),
    // The wait shrinks as the day goes on.
    refetchInterval: 60_000,
  });
}
