import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleApi, ADMIN_REFRESH_MS, type SessionListQuery } from '../../../../contracts/admin-console';
import { errorReportsApi, type SystemLogQuery } from '../../../../contracts/error-reports';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';

// The admin console through the routes' contracts. Query keys start with the URL they GET, so push
// reactions (api/reactions.ts) and the mutations below refresh exactly what they change. Failed
// sign-ins push nothing to anyone, so the home and the security view also ask again every
// ADMIN_REFRESH_MS while open.

export function dashboardStatsQuery() {
  return { ...routeQuery(adminConsoleApi.dashboardStats, {}, (answer) => answer.data), refetchInterval: ADMIN_REFRESH_MS };
}

export function securityQuery() {
  return { ...routeQuery(adminConsoleApi.security, {}, (answer) => answer.data), refetchInterval: ADMIN_REFRESH_MS };
}

/** An empty field is no filter: it is left out of the URL (and of the cache key, which is the URL). */
function setFields<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]: [string, unknown]) => value !== undefined && value !== '')) as T;
}

export function sessionsQuery(query: SessionListQuery) {
  const set = setFields(query);
  return { ...routeQuery(adminConsoleApi.sessions, { query: set }), placeholderData: keepPreviousData };
}

export function rolesQuery() {
  return routeQuery(adminConsoleApi.roles, {}, (answer) => answer.data);
}

export function systemLogQuery(query: SystemLogQuery) {
  const set = setFields(query);
  return { ...routeQuery(errorReportsApi.systemLog, { query: set }, (answer) => answer.data), placeholderData: keepPreviousData };
}

const SECURITY_QUERIES = [routeMatcher(adminConsoleApi.security), routeMatcher(adminConsoleApi.dashboardStats)];

export function useUnlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callRoute(adminConsoleApi.unlock, { body: { userId } }).then((answer) => answer.data),
    onSettled: () => client.invalidateQueries({ predicate: (query) => SECURITY_QUERIES.some((matches) => matches(query.queryKey)) }),
  });
}

export function useEndSessions() {
  const client = useQueryClient();
  const stale = [routeMatcher(adminConsoleApi.sessions), routeMatcher(adminConsoleApi.dashboardStats)];
  return useMutation({
    mutationFn: (userId: string) => callRoute(adminConsoleApi.endSessions, { params: { id: userId } }).then((answer) => answer.data),
    onSettled: () => client.invalidateQueries({ predicate: (query) => stale.some((matches) => matches(query.queryKey)) }),
  });
}
