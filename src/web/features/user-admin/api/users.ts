import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Permission, StaffPosition, userPermissionsResponseSchema } from '../../../../contracts/permissions';
import type { Role } from '../../../../contracts/roles';
import type {
  AdminUser,
  CreateUserRequest,
  createUserResponseSchema,
  UserListQuery,
  UserListResponse,
} from '../../../../contracts/user-admin';
import { api } from '../../../lib/api-client';

// GET/POST /api/users, PUT /api/users/{id}/status, and the permission API of
// contracts/permissions.ts (GET/POST/DELETE /api/users/{id}/permissions, PUT .../position, PUT .../role).

export type UserPermissions = z.infer<typeof userPermissionsResponseSchema>['data'];
export type CreatedUser = z.infer<typeof createUserResponseSchema>;

/** The list's cache key starts with /api/users, one of the keys that pushes about users make stale. */
export const USERS_KEY = '/api/users';

export function usersQuery(query: UserListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return queryOptions({
    queryKey: [USERS_KEY, query],
    queryFn: () => api.get<UserListResponse>(`/users?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function userPermissionsQuery(userId: string, enabled = true) {
  return queryOptions({
    queryKey: [`/api/users/${userId}/permissions`],
    queryFn: async () => (await api.get<{ data: UserPermissions }>(`/users/${encodeURIComponent(userId)}/permissions`)).data,
    enabled,
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return (userId?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: [USERS_KEY] }),
      userId ? client.invalidateQueries({ queryKey: [`/api/users/${userId}/permissions`] }) : undefined,
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post<CreatedUser>('/users', body),
    onSuccess: () => invalidate(),
  });
}

export function useSetUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, active }: { user: AdminUser; active: boolean }) =>
      api.put<{ data: AdminUser }>(`/users/${encodeURIComponent(user.id)}/status`, { active }),
    onSuccess: (_answer, { user }) => invalidate(user.id),
  });
}

export function useChangeRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.put<unknown>(`/users/${encodeURIComponent(userId)}/role`, { role }),
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
  const base = `/users/${encodeURIComponent(userId)}`;
  return useMutation({
    mutationFn: async (changes: PermissionChanges) => {
      if (changes.position) await api.put<unknown>(`${base}/position`, { position: changes.position });
      for (const grant of changes.grants) await api.post<unknown>(`${base}/permissions`, grant);
      for (const permission of changes.revokes) await api.delete<unknown>(`${base}/permissions/${encodeURIComponent(permission)}`);
    },
    onSettled: () => invalidate(userId),
  });
}
