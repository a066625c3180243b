import { queryOptions } from '@tanstack/react-query';
import { healthRecordsApi } from '../../../../contracts/health-records';
import type { PatientDetail } from '../../../../contracts/patient-directory';
import { api } from '../../../lib/api-client';
import { routeQuery } from '../../../lib/api-routes';

// The patient's chart (GET /api/patients/{id}/complete) holds problems, immunizations, medical and
// family history, allergies and visits, so each of those views is one request; the key is the URL,
// so the pushes that change the chart (vitals, medications, patient_update) refresh them.
// Demographics are the patient's own detail (GET /api/patients/{id}).

function patientPath(template: string, patientId: string): string {
  return template.replace('{id}', encodeURIComponent(patientId));
}

export function patientChartQuery(patientId: string) {
  return routeQuery(healthRecordsApi.chart, { params: { id: patientId } }, (answer) => answer.data);
}

export function patientDetailQuery(patientId: string) {
  const path = patientPath('/api/patients/{id}', patientId);
  return queryOptions({
    queryKey: [path],
    queryFn: () => api.get<{ data: PatientDetail }>(path).then((answer) => answer.data),
  });
}
