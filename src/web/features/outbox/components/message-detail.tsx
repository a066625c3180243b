import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '../api/outbox';
import { MessageText } from './message-text';

/** One message opened from the list: who it was for, when, and its text. */
export function MessageDetail({
  message,
  format,
  onClose,
}: {
  message: OutboxMessage;
  format: (iso: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('outbox');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opening a message moves the reader to it; closing returns them to the list (the caller's job).
  useEffect(() => headingRef.current?.focus(), [message.id]);

  return (
    <article
      aria-labelledby="outbox-message-subject"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      data-testid="outbox-message"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="outbox-message-subject"
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 text-lg font-semibold wrap-anywhere focus:outline-none"
        >
          {message.subject}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">{t('fields.to')}</dt>
        <dd className="break-all">{message.to}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('fields.kind')}</dt>
        <dd>{t(`kinds.${message.kind}`, { defaultValue: message.kind })}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('fields.time')}</dt>
        <dd>{format(message.createdAt)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('fields.delivery')}</dt>
        <dd>{message.sentAt ? t('sentAt', { time: format(message.sentAt) }) : t('notSent')}</dd>
      </dl>
      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <MessageText text={message.text} />
      </div>
    </article>
  );
}
