import { queryOptions } from '@tanstack/react-query';
import { messagesApi } from '../../../../contracts/messages';
import { fetchFile } from '../../../lib/api-client';
import { callRoute, routeKey, routeUrl } from '../../../lib/api-routes';
import { saveFile } from '../../../lib/files/save-file';

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

/** Where the browser downloads a file of one of the patient's conversations: the server answers it as an attachment. */
export function chartAttachmentUrl(patientId: string, conversationId: string, attachmentId: string): string {
  return routeUrl(messagesApi.chartAttachment, { params: { id: patientId, conversationId, attachmentId } });
}

/**
 * The same download under an emergency reading: a link cannot send the reason's header, so the file
 * is fetched with it and handed to the browser's downloads.
 */
export async function downloadChartAttachment(url: string, filename: string, emergencyReason: string): Promise<void> {
  // Saved under the name the thread shows: the header's plain-ASCII name drops its accents.
  const { blob } = await fetchFile(url, { breakGlassReason: emergencyReason });
  saveFile(filename, blob);
}
