import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { hasGrantedPermissions } from '../../../contracts/role-permissions';
import type { SessionUser } from '../../../contracts/user';
import { checkPermissions, clientPermissions, type CheckOptions, type HeldPermission } from '../../../contracts/view-access';
import { useSession } from '../session/use-session';
import { permissionsQuery, type UserPermissions } from './permissions-query';

// Only staff load granular permissions; every other role skips the fetch and counts, in the
// client, as holding every permission. The server decides what each of them really reaches.

export type PermissionsStatus = 'loading' | 'anonymous' | 'ready' | 'error';

export interface PermissionsState {
  status: PermissionsStatus;
  user: SessionUser | null;
  /** What the client counts as held (for staff, the detailed records, judged for expiry at each check). */
  permissions: readonly HeldPermission[];
  error: unknown;
  /** Fetch the permissions again (after a failed load). */
  retry(): void;
  /** The permission check against the current user (non-strict unless told). False until the permissions are known. */
  can(required: readonly string[], options?: CheckOptions): boolean;
}

/**
 * The detailed records (so an expiry passing while cached is noticed) plus any effective permission
 * the server reports without a record of its own.
 */
export function heldFrom(data: UserPermissions): HeldPermission[] {
  const records: HeldPermission[] = data.permissions.map((record) => ({
    permission: record.permission.permission,
    isActive: record.isActive,
    expiresAt: record.expiresAt,
  }));
  const recorded = new Set(data.permissions.map((record) => record.permission.permission));
  return [...records, ...data.effectivePermissions.filter((permission) => !recorded.has(permission))];
}

const NONE: readonly HeldPermission[] = [];

export function usePermissions(): PermissionsState {
  const { status: sessionStatus, user } = useSession();
  const isStaff = user ? hasGrantedPermissions(user.role) : false;
  const query = useQuery(permissionsQuery(user?.id ?? '', isStaff));
  const { refetch } = query;

  let status: PermissionsStatus;
  if (sessionStatus === 'anonymous') status = 'anonymous';
  else if (!user) status = 'loading';
  else if (!isStaff) status = 'ready';
  else if (query.isError && !query.data) status = 'error';
  else status = query.data ? 'ready' : 'loading';

  const permissions = useMemo(() => {
    if (!user || status !== 'ready') return NONE;
    return clientPermissions(user.role, query.data ? heldFrom(query.data) : NONE);
  }, [user, status, query.data]);

  const retry = useCallback(() => void refetch(), [refetch]);
  const can = useCallback(
    (required: readonly string[], options?: CheckOptions) =>
      status === 'ready' && user !== null && checkPermissions({ role: user.role, permissions }, required, options),
    [status, user, permissions],
  );

  return { status, user, permissions, error: query.error, retry, can };
}
