import { queryOptions } from '@tanstack/react-query';
import { messagesApi } from '../../../../contracts/messages';
import { callRoute, routeKey } from '../../../lib/api-routes';

// The patient's conversations as the chart shows them, read-only. Keys start with the URLs, so a
// refresh of messaging's queries by URL reaches these too; under an emergency reading the reason
// goes in a header (never the URL), like the chart's own.

const emergency = (reason: string | null) => (reason ? { breakGlassReason: reason } : undefined);

export function chartConversationsQuery(patientId: string, page: number, emergencyReason: string | null) {
  const key = routeKey(messagesApi.chartList, { params: { id: patientId }, query: { page } });
  return queryOptions({
    queryKey: emergencyReason ? [...key, 'emergency'] : key,
    queryFn: () => callRoute(messagesApi.chartList, { params: { id: patientId }, query: { page } }, emergency(emergencyReason)),
  });
}

export function chartThreadQuery(patientId: string, conversationId: string, emergencyReason: string | null) {
  const key = routeKey(messagesApi.chartThread, { params: { id: patientId, conversationId }, query: {} });
  return queryOptions({
    queryKey: emergencyReason ? [...key, 'emergency'] : key,
    queryFn: async () =>
      (await callRoute(messagesApi.chartThread, { params: { id: patientId, conversationId }, query: {} }, emergency(emergencyReason))).data,
  });
}
