import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import { notificationsApi, type Notification, type NotificationList } from '../../../../contracts/notifications';
import { callRoute, routeKey, routeMatcher } from '../../../lib/api-routes';
import { i18next } from '../../../lib/i18n';

// The notification calls; the list polls every 30 s while the live connection is down and is fresh
// for 10 s. The list is keyed by its URL, so a pushed `notification` (api/reactions.ts) refreshes it
// wherever it is shown.

/** Every page of every user's list (what a change refreshes). */
export const notificationLists = routeMatcher(notificationsApi.list);
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATION_FRESH_MS = 10_000;

export type NotificationPages = InfiniteData<NotificationList, unknown>;

export function notificationsQuery(userId: string, socketConnected: boolean) {
  return infiniteQueryOptions({
    queryKey: routeKey(notificationsApi.list, { query: { userId } }),
    queryFn: ({ pageParam }): Promise<NotificationList> =>
      // Loaded and polled without the person asking: it must not keep an idle session alive.
      callRoute(notificationsApi.list, { query: { userId, ...(pageParam ? { cursor: pageParam } : {}) } }, { background: true }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: NOTIFICATION_FRESH_MS,
    // The live connection pushes new notifications; polling is the fallback while it is down.
    refetchInterval: socketConnected ? false : NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Every notification loaded so far, newest first, and the user's unread count. */
export function flatten(data: NotificationPages | undefined): { notifications: Notification[]; unreadCount: number } {
  if (!data) return { notifications: [], unreadCount: 0 };
  return { notifications: data.pages.flatMap((page) => page.notifications), unreadCount: data.pages[0]?.unreadCount ?? 0 };
}

/** Applies a change to the cached pages at once, so the bell does not wait for the refetch. */
function edit(pages: NotificationPages | undefined, change: (n: Notification) => Notification | null): NotificationPages | undefined {
  if (!pages) return pages;
  let unreadDelta = 0;
  const next = pages.pages.map((page) => ({
    ...page,
    notifications: page.notifications.flatMap((n) => {
      const changed = change(n);
      if (!n.isRead && (changed === null || changed.isRead)) unreadDelta -= 1;
      return changed ? [changed] : [];
    }),
  }));
  return {
    ...pages,
    pages: next.map((page, i) => (i === 0 ? { ...page, unreadCount: Math.max(0, page.unreadCount + unreadDelta) } : page)),
  };
}

function useNotificationMutation<TVariables>(
  userId: string,
  run: (v: TVariables) => Promise<unknown>,
  change: (v: TVariables) => (n: Notification) => Notification | null,
  failure: 'markReadFailed' | 'deleteFailed',
) {
  const queryClient = useQueryClient();
  const queryKey = notificationsQuery(userId, true).queryKey;
  return useMutation({
    mutationFn: run,
    onSuccess: (_answer, variables) => {
      queryClient.setQueryData<NotificationPages>(queryKey, (pages) => edit(pages, change(variables)));
      void queryClient.invalidateQueries({ predicate: (query) => notificationLists(query.queryKey) });
    },
    // The failure's own text. Told here, not by the caller: opening a notification closes the list that asked.
    onError: () => toast.error(i18next.t(`notifications:errors.${failure}`)),
  });
}

export function useMarkRead(userId: string) {
  return useNotificationMutation(
    userId,
    (id: string) => callRoute(notificationsApi.markRead, { params: { id } }),
    (id) => (n) => (n.id === id ? { ...n, isRead: true } : n),
    'markReadFailed',
  );
}

export function useMarkAllRead(userId: string) {
  return useNotificationMutation(
    userId,
    () => callRoute(notificationsApi.markAllRead, { body: { userId } }),
    () => (n) => ({ ...n, isRead: true }),
    'markReadFailed',
  );
}

export function useDeleteNotification(userId: string) {
  return useNotificationMutation(
    userId,
    (id: string) => callRoute(notificationsApi.remove, { params: { id } }),
    (id) => (n) => (n.id === id ? null : n),
    'deleteFailed',
  );
}
