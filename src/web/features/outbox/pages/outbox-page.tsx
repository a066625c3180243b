import { useQuery } from '@tanstack/react-query';
import { Inbox, MailX, RefreshCw } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { usePublicConfig } from '../../../lib/use-public-config';
import { OUTBOX_PAGE_SIZE, outboxQuery } from '../api/outbox';
import { MessageDetail } from '../components/message-detail';

/**
 * Without a mail server the portal's mail stays in the outbox; in demo mode an admin
 * reads it here, so a password reset can be completed. The server decides (403 for non-admins, 404
 * outside demo mode); the page does not even ask when it already knows the answer is no.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation('outbox');
  const { user } = useSession();
  const config = usePublicConfig();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const allowed = user?.role === 'admin' && config.data?.demoMode !== false;
  const query = useQuery(outboxQuery(page, allowed));

  const format = useMemo(() => {
    const formatter = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => formatter.format(new Date(iso));
  }, [i18n.language]);

  const refused = query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404);
  if (!user) return <DelayedLoading />;
  if (!allowed || refused) return <NotAvailable />;
  if (query.isPending) return <DelayedLoading />;

  const header = (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('description')}</p>
      </div>
      <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching} aria-busy={query.isFetching}>
        <RefreshCw className={`size-4 ${query.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`} aria-hidden="true" />
        {t('refresh')}
      </Button>
    </header>
  );

  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
        {header}
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t('loadFailed')}
        </div>
      </div>
    );
  }

  const { data: messages, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const open = messages.find((message) => message.id === openId) ?? null;

  const close = () => {
    const id = openId;
    setOpenId(null);
    // Back to the message's own button in the list.
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLButtonElement>(`[data-message-id="${id}"]`)?.focus());
  };

  const goTo = (next: number) => {
    setOpenId(null);
    setPage(next);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      {header}
      {messages.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <Inbox className="size-10 text-slate-500" aria-hidden="true" />
          <p className="font-medium">{t('empty.title')}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('empty.body')}</p>
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <section aria-labelledby="outbox-list-title" className="flex flex-col gap-3">
            <h2 id="outbox-list-title" className="text-sm text-slate-700 dark:text-slate-300">
              {t('count', { count: total })}
            </h2>
            <ul ref={listRef} className="flex flex-col gap-2" data-testid="outbox-list">
              {messages.map((message) => {
                const selected = message.id === openId;
                return (
                  <li key={message.id}>
                    <button
                      type="button"
                      data-message-id={message.id}
                      aria-current={selected ? 'true' : undefined}
                      onClick={() => setOpenId(message.id)}
                      className={`flex w-full flex-col items-start gap-1 rounded-lg border p-3 text-start hover:bg-slate-50 dark:hover:bg-slate-800 ${
                        selected
                          ? 'border-brand-700 bg-brand-50 dark:border-brand-500 dark:bg-brand-900/40'
                          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
                      }`}
                    >
                      <span className="font-medium wrap-anywhere">{message.subject}</span>
                      <span className="text-sm break-all text-slate-700 dark:text-slate-300">{t('toLine', { to: message.to })}</span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                          {t(`kinds.${message.kind}`, { defaultValue: message.kind })}
                        </span>
                        <time dateTime={message.createdAt}>{format(message.createdAt)}</time>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {pages > 1 ? (
              <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-between gap-3">
                <Button variant="secondary" onClick={() => goTo(page - 1)} disabled={page <= 1 || query.isFetching}>
                  {t('pagination.previous')}
                </Button>
                <span className="text-sm" aria-live="polite">
                  {t('pagination.status', { page, pages })}
                </span>
                <Button variant="secondary" onClick={() => goTo(page + 1)} disabled={page >= pages || query.isFetching}>
                  {t('pagination.next')}
                </Button>
              </nav>
            ) : null}
          </section>
          {open ? (
            <MessageDetail message={open} format={format} onClose={close} />
          ) : (
            <p className="hidden rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-700 lg:block dark:border-slate-700 dark:text-slate-300">
              {t('selectHint')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function NotAvailable() {
  const { t } = useTranslation('outbox');
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center" aria-labelledby="outbox-unavailable">
      <MailX className="size-10 text-slate-500" aria-hidden="true" />
      <h1 id="outbox-unavailable" className="text-2xl font-semibold">
        {t('unavailable.title')}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{t('unavailable.body')}</p>
    </section>
  );
}
