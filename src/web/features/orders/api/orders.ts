import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsApi } from '../../../../contracts/documents';
import {
  ordersApi,
  type CancelOrder,
  type CreateOrder,
  type EnterResults,
  type OrderListFilter,
  type Order,
  type OrderVersion,
} from '../../../../contracts/orders';
import type { ImportResults } from '../../../../contracts/result-import';
import { api } from '../../../lib/api-client';
import { callRoute, routeMatcher, routeQuery, routeUrl } from '../../../lib/api-routes';
import { useActionKeys } from '../../../lib/idempotency';

// A doctor's orders on the web: their list, one patient's orders, and the steps. Query keys are
// the URLs they GET, so a lab_order_update push refreshes them (api/reactions.ts); each step
// refreshes them too, and the answer of a step replaces the order where it is shown.

export function ordersQuery(status: OrderListFilter, page: number) {
  return routeQuery(ordersApi.list, { query: { status, page } });
}

export function patientOrdersQuery(patientId: string) {
  return routeQuery(ordersApi.forPatient, { params: { id: patientId } }, (answer) => answer.data);
}

function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        [routeMatcher(ordersApi.list), routeMatcher(ordersApi.forPatient), routeMatcher(ordersApi.detail)].some((matches) =>
          matches(query.queryKey),
        ),
    });
}

export function usePlaceOrder() {
  const refresh = useRefreshOrders();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (body: CreateOrder) =>
      callRoute(ordersApi.create, { body }, { idempotencyKey: keys.keyFor(body) }).then((answer) => answer.data),
    onSuccess: () => keys.done(),
    onSettled: refresh,
  });
}

export function useCollect() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, ...body }: OrderVersion & { id: string }) =>
      callRoute(ordersApi.collect, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useEnterResults() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, ...body }: EnterResults & { id: string }) =>
      callRoute(ordersApi.results, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useRelease() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, ...body }: OrderVersion & { id: string }) =>
      callRoute(ordersApi.release, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useCancelOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, ...body }: CancelOrder & { id: string }) =>
      callRoute(ordersApi.cancel, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

/** One document for a report, sent as a form: checked by the server as any document. */
export function useAttach() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.postForm<{ data: Order }>(routeUrl(ordersApi.attach, { params: { id } }), form).then((answer) => answer.data);
    },
    onSettled: refresh,
  });
}

/** Where the browser downloads a report's document: the documents area answers it as an attachment. */
export function attachmentUrl(documentId: string): string {
  return routeUrl(documentsApi.content, { params: { id: documentId } });
}

/** What importing a results file would save; saves nothing, so it refreshes nothing. */
export function useImportPreview() {
  return useMutation({
    mutationFn: ({ id, ...body }: ImportResults & { id: string }) =>
      callRoute(ordersApi.importPreview, { params: { id }, body }).then((answer) => answer.data),
  });
}

/** The previewed file imported: the order resulted, as typed results make it. */
export function useImportResults() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ id, ...body }: ImportResults & { id: string }) =>
      callRoute(ordersApi.importResults, { params: { id }, body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}
