import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { healthRecordsApi } from '../../../../contracts/health-records';
import { patientChartApi } from '../../../../contracts/patient-chart';
import { callRoute, routeKey, routeMatcher } from '../../../lib/api-routes';

// The chart a clinician opens (GET /api/patients/{id}/complete) and the changes they make to it.
// The key starts with the chart's URL, so the pushes that change a chart (vitals_update,
// patient_update: health-records' reactions) refresh an open chart, and so does every change saved
// here (the app's query client does not retry a 404: a chart out of reach stays so). An emergency ("break the glass") reading carries its reason in a header, never in the URL.

export function chartQuery(patientId: string, emergencyReason: string | null) {
  const key = routeKey(healthRecordsApi.chart, { params: { id: patientId } });
  return queryOptions({
    queryKey: emergencyReason ? [...key, 'emergency'] : key,
    queryFn: async () =>
      (
        await callRoute(
          healthRecordsApi.chart,
          { params: { id: patientId } },
          emergencyReason ? { breakGlassReason: emergencyReason } : undefined,
        )
      ).data,
  });
}

type Call<K extends keyof typeof patientChartApi> = Parameters<typeof callRoute<(typeof patientChartApi)[K]>>[1];

/**
 * A change to the chart through one of its write routes; on success the chart is fetched again.
 * Under an emergency reading the reason goes with the change too (the server reaches the patient
 * only with it).
 */
export function useChartChange<K extends keyof typeof patientChartApi>(route: K, patientId: string, emergencyReason: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Call<K>) =>
      callRoute(patientChartApi[route], input as never, emergencyReason ? { breakGlassReason: emergencyReason } : undefined),
    onSettled: () =>
      client.invalidateQueries({ predicate: (query) => routeMatcher(healthRecordsApi.chart, { id: patientId })(query.queryKey) }),
  });
}
