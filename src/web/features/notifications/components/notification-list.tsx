import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { BellOff, CheckCheck, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../contracts/notifications';
import { Button } from '../../../components/ui/button';
import { notificationText } from '../../../lib/realtime/notification-text';
import { flatten, type NotificationPages, useDeleteNotification, useMarkAllRead, useMarkRead } from '../api/notifications';
import { relativeTime } from '../lib/relative-time';

type ListQuery = UseInfiniteQueryResult<NotificationPages>;

/** The relative times move on while the list is open. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

interface Props {
  userId: string;
  query: ListQuery;
  onOpen(notification: Notification): void;
}

/** The bell's list; opening one marks it read; mark all read; delete. */
export function NotificationList({ userId, query, onOpen }: Props) {
  const { t, i18n } = useTranslation('notifications');
  const now = useNow(30_000);
  const heading = useRef<HTMLHeadingElement>(null);
  const markRead = useMarkRead(userId);
  const markAllRead = useMarkAllRead(userId);
  const remove = useDeleteNotification(userId);
  const { notifications, unreadCount } = flatten(query.data);

  // The panel opens with focus on its heading, so a screen reader says where it is.
  useEffect(() => heading.current?.focus(), []);

  const open = (notification: Notification) => {
    if (!notification.isRead) {
      markRead.mutate(notification.id);
    }
    onOpen(notification);
  };

  let body;
  if (query.isPending) {
    body = (
      <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-300" role="status">
        {t('loading')}
      </p>
    );
  } else if (query.isError && notifications.length === 0) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-6 text-center text-sm text-red-800 dark:text-red-200">
        <p>{t('errors.fetchFailed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (notifications.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center" data-testid="notifications-empty">
        <BellOff className="size-8 text-slate-500" aria-hidden="true" />
        <p className="font-medium">{t('empty.title')}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('empty.body')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="notification-list">
        {notifications.map((notification) => {
          const text = notificationText(t, notification);
          return (
            <li key={notification.id} className="flex items-start gap-1 px-2 py-1">
              <button
                type="button"
                onClick={() => open(notification)}
                className="flex min-w-0 flex-1 items-start gap-2 rounded-lg p-2 text-start hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.isRead ? 'bg-transparent' : 'bg-brand-700 dark:bg-brand-400'}`}
                />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className={`text-sm wrap-anywhere ${notification.isRead ? '' : 'font-semibold'}`}>
                    {notification.isRead ? null : <span className="sr-only">{t('list.unread')} </span>}
                    {text.title}
                  </span>
                  <span className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{text.message}</span>
                  <time dateTime={notification.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
                    {relativeTime(notification.createdAt, now, i18n.language, t)}
                  </time>
                </span>
              </button>
              <button
                type="button"
                aria-label={t('list.delete', { title: text.title })}
                disabled={remove.isPending && remove.variables === notification.id}
                onClick={() => remove.mutate(notification.id)}
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
          {t('title')}
        </h2>
        <Button variant="ghost" disabled={unreadCount === 0 || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          <CheckCheck className="size-4" aria-hidden="true" />
          {t('list.markAllRead')}
        </Button>
      </div>
      {body}
      {query.hasNextPage ? (
        <div className="border-t border-slate-200 p-2 text-center dark:border-slate-800">
          <Button variant="ghost" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('list.older')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
