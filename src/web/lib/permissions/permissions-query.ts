import { queryOptions } from '@tanstack/react-query';
import { backoffDelay, PERMISSION_CACHE } from '../../../contracts/constants';
import { EARLY_ROUTES } from '../../../contracts/early-routes';
import type { permissionsApi, UserPermissionsResponse } from '../../../contracts/permissions';
import { ApiError } from '../api-client';
import { callRoute, earlyRoute, routeKey } from '../api-routes';

// permissionsApi.userPermissions (staff only) and how long its answer is kept. The key is the
// contract's, so the access reactions (permission-reactions.ts) reach this cache, and the admin
// screen, which reads the same route, shares it. The frame asks before zod loads: the call goes by
// the route's early address, and the answer is checked once the validator arrives (below).

export type UserPermissions = UserPermissionsResponse['data'];

/** The route, by its address: the contract itself would bring zod into the frame. */
export const userPermissionsRoute = earlyRoute<typeof permissionsApi.userPermissions>(EARLY_ROUTES.userPermissions);

export function permissionsQueryKey(userId: string): [string] {
  return routeKey(userPermissionsRoute, { params: { id: userId } });
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

let validator: Promise<typeof import('../../../contracts/permissions')> | undefined;

/** The permission answer's validator, loaded once, with the first answer it checks. */
export function loadPermissionsValidator(): Promise<typeof import('../../../contracts/permissions')> {
  validator ??= import('../../../contracts/permissions');
  return validator;
}

export function permissionsQuery(userId: string, enabled = true) {
  return queryOptions({
    queryKey: permissionsQueryKey(userId),
    // Parsed, so a malformed answer is a failed check (fail closed), never a guessed permission.
    // Only a staff member's view waits for this, never the frame: the validator (zod and the
    // contract) downloads alongside the answer instead of weighing on every first paint.
    queryFn: async (): Promise<UserPermissions> => {
      const [{ userPermissionsResponseSchema }, answer] = await Promise.all([
        loadPermissionsValidator(),
        callRoute(userPermissionsRoute, { params: { id: userId } }),
      ]);
      return userPermissionsResponseSchema.parse(answer).data;
    },
    enabled,
    staleTime: PERMISSION_CACHE.staleTimeMs,
    gcTime: PERMISSION_CACHE.gcTimeMs,
    refetchOnWindowFocus: false,
    retry: shouldRetryPermissions,
    retryDelay: permissionsRetryDelay,
  });
}
