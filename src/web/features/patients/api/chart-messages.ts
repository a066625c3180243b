import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { messagesApi, type ChartThreadResponse, type Message } from '../../../../contracts/messages';
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

type ChartThreadPage = ChartThreadResponse['data'];

/** A thread as the chart shows it: its newest page first, then older pages as the reader asks for them. */
export interface ChartThread {
  conversation: ChartThreadPage['conversation'];
  /** Every message loaded so far, oldest first, each once. */
  messages: Message[];
  hasOlder: boolean;
}

/** The pages loaded so far as one thread: older pages go before newer ones. */
export function joinThreadPages(data: InfiniteData<ChartThreadPage, string | null>): ChartThread {
  const seen = new Set<string>();
  const messages = [...data.pages]
    .reverse()
    .flatMap((page) => page.messages)
    .filter((message) => !seen.has(message.id) && seen.add(message.id));
  return { conversation: data.pages[0]!.conversation, messages, hasOlder: data.pages.at(-1)!.hasOlder };
}

/**
 * The thread, a page at a time from the newest: the next page is the one before the oldest message
 * loaded (keyset by the server's message order, so a message sent meanwhile shifts nothing). A
 * refresh reloads the pages from the newest, each from the one before it.
 */
export function chartThreadQuery(patientId: string, conversationId: string, emergencyReason: string | null) {
  const params = { id: patientId, conversationId };
  const key = routeKey(messagesApi.chartThread, { params, query: {} });
  return infiniteQueryOptions({
    queryKey: emergencyReason ? [...key, 'emergency'] : key,
    queryFn: async ({ pageParam }) =>
      (await callRoute(messagesApi.chartThread, { params, query: pageParam ? { before: pageParam } : {} }, emergency(emergencyReason)))
        .data,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ChartThreadPage) => (last.hasOlder ? (last.messages[0]?.id ?? undefined) : undefined),
    select: joinThreadPages,
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
