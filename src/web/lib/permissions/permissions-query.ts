import { queryOptions } from '@tanstack/react-query';
import { backoffDelay, PERMISSION_CACHE } from '../../../contracts/constants';
import { userPermissionsResponseSchema, type UserPermissionsResponse } from '../../../contracts/permissions';
import { api, ApiError } from '../api-client';

// GET /api/users/{id}/permissions (staff only) and how long its answer is kept. The key is the URL
// (the default query fetches its first key as the URL), so the realtime client's invalidation
// of /api/users/{id}/permissions on permission and role pushes reaches this cache, and the
// admin screen, which reads the same URL, shares it.

export type UserPermissions = UserPermissionsResponse['data'];

export function permissionsQueryKey(userId: string): [string] {
  return [`/api/users/${userId}/permissions`];
}

/** 3 retries, the delay doubling from 1 s up to 30 s. A refusal (4xx) will not change on retry. */
export function shouldRetryPermissions(failureCount: number, error: unknown): boolean {
  if (failureCount >= PERMISSION_CACHE.retries) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.status === 408 || error.status === 429;
  return true;
}

export function permissionsRetryDelay(attempt: number): number {
  return backoffDelay(attempt, 1000, PERMISSION_CACHE.maxRetryDelayMs);
}

export function permissionsQuery(userId: string, enabled = true) {
  return queryOptions({
    queryKey: permissionsQueryKey(userId),
    // Parsed, so a malformed answer is a failed check (fail closed), never a guessed permission.
    queryFn: async (): Promise<UserPermissions> =>
      userPermissionsResponseSchema.parse(await api.get<unknown>(`/users/${encodeURIComponent(userId)}/permissions`)).data,
    enabled,
    staleTime: PERMISSION_CACHE.staleTimeMs,
    gcTime: PERMISSION_CACHE.gcTimeMs,
    refetchOnWindowFocus: false,
    retry: shouldRetryPermissions,
    retryDelay: permissionsRetryDelay,
  });
}
