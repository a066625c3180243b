import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messagesApi,
  type Conversation,
  type Message,
  type InboxTopic,
  type StartConversation,
  type ThreadResponse,
  type UnreadResponse,
} from '../../../../contracts/messages';
import { api } from '../../../lib/api-client';
import { callRoute, routeKey, routeMatcher, routeQuery, routeUrl } from '../../../lib/api-routes';
import { useSession } from '../../../lib/session/use-session';

// Messaging on the web. Keys are the URLs they GET, so the live events of messaging (a message in,
// one's own read on another device) refresh exactly these (api/reactions.ts), and so does each
// change made here.

export function conversationsQuery(filter: 'active' | 'archived', page: number) {
  return routeQuery(messagesApi.list, { query: { filter, page } });
}

export function threadQuery(id: string) {
  return routeQuery(messagesApi.thread, { params: { id }, query: {} });
}

export function recipientsQuery(q: string) {
  return routeQuery(messagesApi.recipients, { query: q ? { q } : {} });
}

export function searchQuery(q: string) {
  return routeQuery(messagesApi.search, { query: { q } });
}

/** The signed-in person's unread messages: the sidebar's and the header's count. */
export function useUnreadMessages(): number | undefined {
  const { user } = useSession();
  const query = useQuery({ ...routeQuery(messagesApi.unread, {}, (answer) => answer.unread), enabled: Boolean(user) });
  return query.data;
}

/** Everything messaging shows: after a change here, all of it is asked again. */
export const MESSAGING_QUERIES = [
  routeMatcher(messagesApi.list),
  routeMatcher(messagesApi.unread),
  routeMatcher(messagesApi.thread),
  routeMatcher(messagesApi.search),
];

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => MESSAGING_QUERIES.some((matches) => matches(query.queryKey)) });
}

/**
 * Starts a conversation; with files its first message goes as one multipart form (the text fields
 * first, then the files), so the conversation, the message and its files are stored together or
 * not at all.
 */
export function useStartConversation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ files = [], ...body }: StartConversation & { files?: readonly File[] }): Promise<Conversation> => {
      if (files.length === 0) return callRoute(messagesApi.start, { body }).then((answer) => answer.data);
      const form = new FormData();
      if (body.recipientId) form.append('recipientId', body.recipientId);
      if (body.topic) form.append('topic', body.topic);
      form.append('subject', body.subject);
      form.append('body', body.body);
      for (const file of files) form.append('files', file, file.name);
      return api.postForm<{ data: Conversation }>(routeUrl(messagesApi.startWithAttachments, {}), form).then((answer) => answer.data);
    },
    onSettled: refresh,
  });
}

/** Where the browser downloads a message's file: the server answers it as an attachment. */
export function attachmentUrl(attachmentId: string): string {
  return routeUrl(messagesApi.attachment, { params: { id: attachmentId } });
}

/**
 * Sends a message; with files it goes as one multipart form (the text first, then the files), so
 * the message and its files are stored together or not at all.
 */
export function useSendMessage(conversationId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, files = [] }: { body: string; files?: readonly File[] }): Promise<Message> => {
      if (files.length === 0) return callRoute(messagesApi.send, { params: { id: conversationId }, body: { body } }).then((a) => a.data);
      const form = new FormData();
      form.append('body', body);
      for (const file of files) form.append('files', file, file.name);
      return api
        .postForm<{ data: Message }>(routeUrl(messagesApi.sendWithAttachments, { params: { id: conversationId } }), form)
        .then((answer) => answer.data);
    },
    onSettled: refresh,
  });
}

/**
 * Marks a conversation read. The unread count is set from the answer at once, and the thread's
 * own count too, so the badges drop without waiting for a refetch.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(messagesApi.markRead, { params: { id } }),
    onSuccess: (answer: UnreadResponse, id) => {
      // The count's query keeps the number itself (routeQuery's select runs in its fetch).
      queryClient.setQueryData(routeKey(messagesApi.unread, {}), answer.unread);
      queryClient.setQueryData<ThreadResponse>(threadQuery(id).queryKey, (previous) =>
        previous ? { data: { ...previous.data, conversation: { ...previous.data.conversation, unread: 0 } } } : previous,
      );
      void queryClient.invalidateQueries({ predicate: (query) => routeMatcher(messagesApi.list)(query.queryKey) });
    },
  });
}

export function useArchive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      callRoute(messagesApi.archive, { params: { id }, body: { archived } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useHandOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, topic }: { id: string; topic: InboxTopic }) =>
      callRoute(messagesApi.handOff, { params: { id }, body: { topic } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}
