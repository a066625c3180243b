import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP } from '../../../contracts/constants';
import { Button } from './button';

// The three states every data section has besides its content: loading (shown only after 50 ms,
// so fast answers never flash it), an error with a way to try again, and empty.

export function InlineLoading({ delayMs = APP.loadingDelayMs }: { delayMs?: number }) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <p role="status" aria-live="polite" className="flex items-center gap-2 py-4 text-sm text-slate-600 dark:text-slate-300">
      <span
        className="size-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
        aria-hidden="true"
      />
      {t('loading')}
    </p>
  );
}

export function QueryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      <span className="flex items-center gap-2">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {message}
      </span>
      <Button variant="secondary" onClick={onRetry} className="min-h-9 px-3 py-1">
        <RotateCw className="size-4" aria-hidden="true" />
        {t('tryAgain')}
      </Button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
      <Inbox className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      {children}
    </p>
  );
}

interface QueryStatesProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  /** What to say when the data could not be loaded. */
  errorText: string;
  /** What to say when there is nothing to show. */
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** What stands in while loading; a view whose content is tall passes a skeleton of its shape, so nothing moves when it arrives. */
  loading?: ReactNode;
}

/** Renders the loading, error-with-retry or empty state of a query, else its content. */
export function QueryStates<T>({ query, errorText, emptyText, isEmpty, children, loading }: QueryStatesProps<T>) {
  if (query.isPending) return loading ?? <InlineLoading />;
  if (query.isError || query.data === undefined) return <QueryError message={errorText} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children(query.data)}</>;
}
