import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AccessLogResponse, AuditCategory, AuditChainStatus, AuditFilter, AuditListResponse } from '../../../../contracts/audit';
import { api, apiUrl } from '../../../lib/api-client';

// GET /api/audit/events (+ .csv), GET /api/audit/chain, GET /api/me/access-log.

/** Only the filters that are set, as a query string. */
export function filterParams(
  filter: Partial<AuditFilter> & { page?: number; pageSize?: number; category?: AuditCategory },
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

export function auditEventsQuery(filter: AuditFilter, page: number) {
  const params = filterParams({ ...filter, page });
  return queryOptions({
    queryKey: ['/api/audit/events', filter, page],
    queryFn: () => api.get<AuditListResponse>(`/audit/events?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** The export is a plain download (GET, same-origin cookie): the browser saves the attachment. */
export function auditExportUrl(filter: AuditFilter): string {
  const params = filterParams(filter).toString();
  return apiUrl(`/audit/events.csv${params ? `?${params}` : ''}`);
}

/** Walks the whole chain on the server: asked for by a button, never on its own. */
export function auditChainQuery() {
  return queryOptions({
    queryKey: ['/api/audit/chain'],
    queryFn: async () => (await api.get<{ data: AuditChainStatus }>('/audit/chain')).data,
    enabled: false,
    retry: false,
  });
}

/** One page of the access log; only one category of actions when given. */
export function accessLogQuery(page: number, category?: AuditCategory) {
  const params = filterParams({ page, category });
  return queryOptions({
    queryKey: ['/api/me/access-log', page, category ?? null],
    queryFn: () => api.get<AccessLogResponse>(`/me/access-log?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
