import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { FilterButtons, useFilterAndPage } from './filter-buttons';
import { PagedList, type ListPage } from './paged-list';

// The filter row and the paged list that the task, order, leave, prescription and message lists
// share: what each state shows, and that choosing a filter starts again at page 1.

beforeAll(async () => {
  await initI18n('en');
});

const FILTERS = ['open', 'done'] as const;

function answerOf(items: string[], total = items.length, pageSize = 2) {
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    data: { data: items, total, pageSize } satisfies ListPage<string>,
    refetch: async () => undefined as never,
  };
}

function List({ items, total }: { items: string[]; total?: number }) {
  const { filter, page, chooseFilter, setPage } = useFilterAndPage<(typeof FILTERS)[number]>('open');
  return (
    <>
      <FilterButtons values={FILTERS} value={filter} label="Show" textOf={(value) => `Filter ${value}`} onChange={chooseFilter} />
      <p data-testid="state">
        {filter} page {page}
      </p>
      <PagedList
        query={answerOf(items, total)}
        page={page}
        onPage={setPage}
        errorText="Could not load"
        emptyText="Nothing here"
        pagesLabel="Pages of things"
      >
        {(item) => <li key={item}>{item}</li>}
      </PagedList>
    </>
  );
}

describe('FilterButtons and PagedList', () => {
  it('shows the items and a named pager when there is more than one page; a new filter starts at page 1', async () => {
    const user = userEvent.setup();
    render(<List items={['a', 'b']} total={5} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
    expect(screen.getByRole('button', { name: 'Filter open' })).toHaveAttribute('aria-pressed', 'true');
    const pager = screen.getByRole('navigation', { name: 'Pages of things' });
    expect(pager).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('state')).toHaveTextContent('open page 2');
    await user.click(screen.getByRole('button', { name: 'Filter done' }));
    expect(screen.getByTestId('state')).toHaveTextContent('done page 1');
    expect(screen.getByRole('button', { name: 'Filter done' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Show' })).toBeInTheDocument();
  });

  it('says so when the list is empty, and shows no pager for a single page', () => {
    const { unmount } = render(<List items={[]} />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    render(<List items={['a']} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
