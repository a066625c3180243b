import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DelayedLoading } from './delayed-loading';
import { FormAlert } from './field';

/**
 * (Sections inside a page use query-states.tsx, a lighter inline version.)
 * What a list page shows in place of its rows: the loading screen (after its 50 ms delay), the page's
 * own "could not be loaded" sentence with a Retry link, or an empty state. `children` gets the loaded
 * page of rows once there is at least one.
 */
export function PageQueryStates<TPage extends { data: readonly unknown[] }>({
  query,
  failed,
  retry,
  empty,
  children,
}: {
  query: UseQueryResult<TPage>;
  failed: string;
  retry: string;
  empty: { icon: LucideIcon; title: string; body?: string };
  children(page: TPage): ReactNode;
}) {
  if (query.isPending) return <DelayedLoading />;
  if (query.isError) {
    return (
      <FormAlert>
        {failed}{' '}
        <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
          {retry}
        </button>
      </FormAlert>
    );
  }
  if (query.data.data.length === 0) return <PageEmptyState {...empty} />;
  return children(query.data);
}

export function PageEmptyState({ icon: Icon, title, body }: { icon: LucideIcon; title: string; body?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <Icon className="size-10 text-slate-500" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {body ? <p className="text-sm text-slate-700 dark:text-slate-300">{body}</p> : null}
    </div>
  );
}
