import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathForView } from '../../../../contracts/views';
import { useUnreadMessages } from '../api/messages';

/** The sidebar's count of unread messages; nothing while there are none. */
export function UnreadMessageCount() {
  const { t } = useTranslation('shell');
  const unread = useUnreadMessages();
  if (!unread) return null;
  return (
    <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white" data-testid="unread-message-count">
      <span className="sr-only">{t('nav.unreadMessages')} </span>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/** The header's messages button beside the bell, with the unread count. */
export function MessagesButton() {
  const { t } = useTranslation('shell');
  const unread = useUnreadMessages();
  const label = unread === undefined ? t('header.messages') : t('header.messagesUnread', { count: unread });
  return (
    <Link
      to={pathForView('messages')}
      aria-label={label}
      data-testid="messages-button"
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <MessageSquare className="size-5" aria-hidden="true" />
      {unread ? (
        <span
          aria-hidden="true"
          data-testid="messages-button-count"
          className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
