import { keepPreviousData } from '@tanstack/react-query';
import { auditApi, type AuditCategory, type AuditFilter } from '../../../../contracts/audit';
import { apiUrl } from '../../../lib/api-client';
import { routeQuery, routeUrl } from '../../../lib/api-routes';

// The audit viewer (auditApi.events, its CSV export, the chain check) and the patient's access log
// (auditApi.accessLog), through their contracts.

/** Only the filters that are set: an empty field is no filter, and stays out of the URL. */
function setOnly<T extends object>(filter: T): T {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as T;
}

export function auditEventsQuery(filter: AuditFilter, page: number) {
  return { ...routeQuery(auditApi.events, { query: { ...setOnly(filter), page } }), placeholderData: keepPreviousData };
}

/** The export is a plain download (GET, same-origin cookie): the browser saves the attachment. */
export function auditExportUrl(filter: AuditFilter): string {
  return apiUrl(routeUrl(auditApi.export, { query: setOnly(filter) }));
}

/** Walks the whole chain on the server: asked for by a button, never on its own. */
export function auditChainQuery() {
  return { ...routeQuery(auditApi.chain, {}, (answer) => answer.data), enabled: false, retry: false };
}

/** One page of the access log; only one category of actions when given. */
export function accessLogQuery(page: number, category?: AuditCategory) {
  return { ...routeQuery(auditApi.accessLog, { query: { page, category } }), placeholderData: keepPreviousData };
}
