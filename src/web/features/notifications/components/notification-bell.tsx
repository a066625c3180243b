import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../contracts/notifications';
import { useRealtimeStatus } from '../../../lib/realtime/use-realtime';
import { flatten, notificationsQuery } from '../api/notifications';
import { NotificationDetailDialog } from './notification-detail-dialog';
import { NotificationList } from './notification-list';

/**
 * The signed-in header's bell with the unread count, live (pushes refresh it; polling every
 * 30 s only while the live connection is down), opening the list; a notification opens in a modal.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const { state } = useRealtimeStatus();
  const query = useInfiniteQuery(notificationsQuery(userId, state === 'connected'));
  const { unreadCount } = flatten(query.data);
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Notification | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const label = query.isSuccess ? t('bell.label', { count: unreadCount }) : t('bell.labelUnknown');
  const badge = unreadCount > 99 ? '99+' : String(unreadCount);

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unreadCount > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={t('title')}
          data-testid="notification-panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
          className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-auto sm:mt-2 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
        >
          <NotificationList
            userId={userId}
            query={query}
            onOpen={(notification) => {
              setOpen(false);
              setDetail(notification);
            }}
          />
        </div>
      ) : null}
      <NotificationDetailDialog
        userId={userId}
        notification={detail}
        onClose={() => {
          setDetail(null);
          // The list item that opened the dialog is gone with the panel: back to the bell.
          requestAnimationFrame(() => button.current?.focus());
        }}
      />
    </div>
  );
}
