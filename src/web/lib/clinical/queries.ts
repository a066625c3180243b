import { appointmentsApi } from '../../../contracts/appointments';
import { bookingApi } from '../../../contracts/booking';
import { healthRecordsApi } from '../../../contracts/health-records';
import { medicationsApi } from '../../../contracts/medications';
import { routeQuery } from '../api-routes';

// The patient's clinical reads, shared by the dashboard and the views that show them in full,
// through the routes' contracts. Each query key starts with the URL it GETs, so the pushes that
// change them (appointment_update, medication_update, vitals_update) refresh them: see each
// feature's api/reactions.ts.

export type AppointmentWhen = 'upcoming' | 'past';

export function patientAppointmentsQuery(patientId: string, when: AppointmentWhen, pageSize = 50) {
  return routeQuery(appointmentsApi.forPatient, { params: { id: patientId }, query: { when, pageSize } });
}

export function patientMedicationsQuery(patientId: string) {
  return routeQuery(medicationsApi.listForPatient, { params: { id: patientId } }, (answer) => answer.data);
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
  return {
    ...routeQuery(bookingApi.queue, { params: { id: appointmentId } }, (answer) => answer.data),
    // The wait shrinks as the day goes on.
    refetchInterval: 60_000,
  };
}
