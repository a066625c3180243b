import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ORDER_LIST_FILTERS, type OrderListFilter } from '../../../../contracts/orders';
import { pathForView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { QueryStates } from '../../../components/ui/query-states';
import { ordersQuery, patientOrdersQuery } from '../api/orders';
import { OrderCard } from '../components/order-card';
import { NewOrderDialog } from '../components/order-dialogs';
import { FilterButtons, useFilterAndPage } from '../../../components/ui/filter-buttons';
import { PagedList } from '../../../components/ui/paged-list';

/**
 * A doctor's orders view: everything they ordered (results to review first, abnormal ones on top),
 * or, opened from a chart with `?patient=`, that patient's orders; a new order from the catalogue.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const patientId = params.get('patient') ?? undefined;
  const [placing, setPlacing] = useState(false);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
        </div>
        <Button onClick={() => setPlacing(true)} data-testid="new-order">
          <Plus className="size-4" aria-hidden="true" />
          {t('new')}
        </Button>
      </header>
      {patientId ? <PatientOrders patientId={patientId} /> : <MyOrders />}
      {placing ? <NewOrderDialog patientId={patientId} onClose={() => setPlacing(false)} /> : null}
    </div>
  );
}

function MyOrders() {
  const { t } = useTranslation('orders');
  const { filter, page, chooseFilter, setPage } = useFilterAndPage<OrderListFilter>('open');
  const query = useQuery({ ...ordersQuery(filter, page), placeholderData: (previous) => previous });
  return (
    <PageSection title={t('list.title')} testId="orders">
      <FilterButtons
        values={ORDER_LIST_FILTERS}
        value={filter}
        label={t('filters.label')}
        textOf={(value) => t(`filters.${value}`)}
        onChange={chooseFilter}
      />
      <PagedList
        query={query}
        page={page}
        onPage={setPage}
        errorText={t('list.loadFailed')}
        emptyText={t('list.none')}
        pagesLabel={t('list.pages')}
        listClassName="grid gap-3 md:grid-cols-2"
      >
        {(order) => <OrderCard key={order.id} order={order} />}
      </PagedList>
    </PageSection>
  );
}

function PatientOrders({ patientId }: { patientId: string }) {
  const { t } = useTranslation('orders');
  const query = useQuery(patientOrdersQuery(patientId));
  return (
    <PageSection title={t('list.patientTitle')} testId="patient-orders">
      <p className="mb-4 text-sm">
        <Link to={pathForView('orders')} className="font-medium text-brand-700 underline dark:text-brand-300">
          {t('list.allMine')}
        </Link>
      </p>
      <QueryStates query={query} errorText={t('list.loadFailed')} emptyText={t('list.none')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="grid gap-3 md:grid-cols-2">
            {list.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </QueryStates>
    </PageSection>
  );
}
