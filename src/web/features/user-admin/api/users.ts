import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { permissionsApi, type Permission, type StaffPosition, type userPermissionsResponseSchema } from '../../../../contracts/permissions';
import type { Role } from '../../../../contracts/roles';
import {
  userAdminApi,
  type AdminUser,
  type CreateUserRequest,
  type createUserResponseSchema,
  type UserListQuery,
} from '../../../../contracts/user-admin';
import { callRoute, routeKey, routeMatcher, routeQuery } from '../../../lib/api-routes';

// The accounts (userAdminApi: list, create, activate) and their permissions (permissionsApi: a
// user's permissions, grant, revoke, position, role), called through their contracts.

export type UserPermissions = z.infer<typeof userPermissionsResponseSchema>['data'];
export type CreatedUser = z.infer<typeof createUserResponseSchema>;

const userLists = routeMatcher(userAdminApi.list);

export function usersQuery(query: UserListQuery) {
  // An empty field is no filter: it is left out of the URL (and of the cache key, which is the URL).
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as UserListQuery;
  return { ...routeQuery(userAdminApi.list, { query: set }), placeholderData: keepPreviousData };
}

export function userPermissionsQuery(userId: string, enabled = true) {
  return { ...routeQuery(permissionsApi.userPermissions, { params: { id: userId } }, (answer) => answer.data), enabled };
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return (userId?: string) =>
    Promise.all([
      client.invalidateQueries({ predicate: (query) => userLists(query.queryKey) }),
      userId ? client.invalidateQueries({ queryKey: routeKey(permissionsApi.userPermissions, { params: { id: userId } }) }) : undefined,
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest): Promise<CreatedUser> => callRoute(userAdminApi.create, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useSetUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, active }: { user: AdminUser; active: boolean }) =>
      callRoute(userAdminApi.setStatus, { params: { id: user.id }, body: { active } }),
    onSuccess: (_answer, { user }) => invalidate(user.id),
  });
}

export function useChangeRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      callRoute(permissionsApi.changeRole, { params: { id: userId }, body: { role } }),
    onSuccess: (_answer, { userId }) => invalidate(userId),
  });
}

export interface PermissionChanges {
  position?: StaffPosition;
  grants: { permission: Permission; expiresAt: string | null }[];
  revokes: Permission[];
}

/**
 * Saves the pending changes of the detail panel in order: the position template first (it replaces
 * the set), then each grant and revoke. Stops at the first refusal; what was saved stays saved and
 * the panel reloads the user's permissions either way.
 */
export function useSavePermissions(userId: string) {
  const invalidate = useInvalidateUsers();
  const params = { id: userId };
  return useMutation({
    mutationFn: async (changes: PermissionChanges) => {
      if (changes.position) await callRoute(permissionsApi.assignPosition, { params, body: { position: changes.position } });
      for (const grant of changes.grants) await callRoute(permissionsApi.grant, { params, body: grant });
      for (const permission of changes.revokes) await callRoute(permissionsApi.revoke, { params: { id: userId, permission } });
    },
    onSettled: () => invalidate(userId),
  });
}
