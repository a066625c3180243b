import { healthRecordsApi } from '../../../../contracts/health-records';
import { patientsApi } from '../../../../contracts/patients';
import { routeQuery } from '../../../lib/api-routes';

// The patient's chart (GET /api/patients/{id}/complete) holds problems, immunizations, medical and
// family history, allergies and visits, so each of those views is one request; the key is the URL,
// so the pushes that change the chart (vitals, medications, patient_update) refresh them.
// Demographics are the patient's own detail (GET /api/patients/{id}).

export function patientChartQuery(patientId: string) {
  return routeQuery(healthRecordsApi.chart, { params: { id: patientId } }, (answer) => answer.data);
}

export function patientDetailQuery(patientId: string) {
  return routeQuery(patientsApi.detail, { params: { id: patientId } }, (answer) => answer.data);
}
