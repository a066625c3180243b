import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { outboxMessageSchema, outboxResponseSchema } from '../../../../contracts/profile';
import { outboxApi } from '../../../../contracts/outbox';
import { routeQuery } from '../../../lib/api-routes';

// GET /api/admin/outbox (admin, demo mode only): the mail the portal wrote, newest first.

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OutboxPage = z.infer<typeof outboxResponseSchema>;

export const OUTBOX_PAGE_SIZE = 20;

export function outboxQuery(page: number, enabled: boolean) {
  const { queryKey, queryFn } = routeQuery(outboxApi.list, { query: { page, pageSize: OUTBOX_PAGE_SIZE } });
  return queryOptions({
    queryKey,
    queryFn,
    enabled,
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // New mail arrives from other people's actions: ask again each time the page is opened.
    staleTime: 0,
  });
}
