import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import { QueryStates } from './query-states';

/** One page of a list as the server answers it. */
export interface ListPage<Item> {
  data: Item[];
  total: number;
  pageSize: number;
}

/**
 * A paged list from one query: loading, error-with-retry and empty states, the items, and the pager
 * below them (hidden when everything fits on one page). `children` renders one item as an `<li>`.
 */
export function PagedList<Item>({
  query,
  page,
  onPage,
  errorText,
  emptyText,
  pagesLabel,
  listClassName = 'flex flex-col gap-3',
  children,
}: {
  query: Pick<UseQueryResult<ListPage<Item>>, 'isPending' | 'isError' | 'data' | 'refetch' | 'isFetching'>;
  page: number;
  onPage: (page: number) => void;
  errorText: string;
  emptyText: string;
  /** Names the pager for screen readers ("Pages of tasks"). */
  pagesLabel?: string;
  listClassName?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryStates query={query} errorText={errorText} emptyText={emptyText} isEmpty={(answer) => answer.data.length === 0}>
      {(answer) => (
        <div className="flex flex-col gap-4">
          <ul className={listClassName}>{answer.data.map(children)}</ul>
          <Pager page={page} total={answer.total} pageSize={answer.pageSize} busy={query.isFetching} label={pagesLabel} onPage={onPage} />
        </div>
      )}
    </QueryStates>
  );
}
