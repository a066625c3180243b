import { z } from 'zod';
import { isInstantInWindow } from './dates';
import { defineRoute, idParamsSchema } from './http';
import { STAFF_POSITIONS, PERMISSIONS, type Permission } from './permission-catalogue';
import { ROLES } from './roles';
import { EARLY_ROUTES } from './early-routes';

// The permission strings, grouped by category, and the permission record and the answer of
// GET /api/users/{id}/permissions. The catalogue is seeded into the database; staff hold a subset with optional expiry.

export * from './permission-catalogue';

export const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]], 'choice.invalid');

/** A permission record: permission (id, permission, category), isActive, expiresAt. */
export const permissionRecordSchema = z.object({
  permission: z.object({ id: z.uuid(), permission: permissionSchema, category: z.string() }),
  isActive: z.boolean(),
  expiresAt: z.iso.datetime().nullable(),
});
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

/** GET /api/users/{id}/permissions. effectivePermissions: what counts now (active, unexpired). */
export const userPermissionsResponseSchema = z.object({
  data: z.object({
    permissions: z.array(permissionRecordSchema),
    effectivePermissions: z.array(permissionSchema),
    roles: z.array(z.enum(ROLES)),
    metadata: z.object({ lastUpdated: z.iso.datetime() }),
  }),
});
export type UserPermissionsResponse = z.infer<typeof userPermissionsResponseSchema>;

/** GET /api/permissions: the catalogue as stored. */
export const permissionsCatalogueResponseSchema = z.object({
  data: z.array(z.object({ id: z.uuid(), permission: permissionSchema, category: z.string(), description: z.string() })),
});

/** GET /api/roles: the roles, and the position templates for staff. */
export const rolesResponseSchema = z.object({
  data: z.object({
    roles: z.array(z.enum(ROLES)),
    positions: z.array(z.object({ position: z.enum(STAFF_POSITIONS), permissions: z.array(permissionSchema) })),
  }),
});

/** POST /api/users/{id}/permissions (admin or users.permissions): grant one, optionally until a time. */
export const grantPermissionRequestSchema = z.object({
  permission: permissionSchema,
  // A grant that has already expired would be granted and gone at once: refused instead.
  expiresAt: z.iso
    .datetime('date.invalid')
    .refine(isInstantInWindow, 'date.outOfRange')
    .refine((value) => Date.parse(value) > Date.now(), 'date.invalid')
    .nullable()
    .optional(),
});

/** PUT /api/users/{id}/position (admin or users.permissions): assign a position and its template. */
export const assignPositionRequestSchema = z.object({ position: z.enum(STAFF_POSITIONS, 'choice.invalid') });

/** PUT /api/users/{id}/role (admin only). */
export const changeRoleRequestSchema = z.object({ role: z.enum(ROLES, 'choice.invalid') });

/** Revoking names the permission in the path; an unknown one is as missing as one not held (404). */
export const revokePermissionParamsSchema = z.object({ id: z.string().max(100), permission: permissionSchema });

/** The refusals of a non-administrator's change to someone else's account (who may change whom). */
const DELEGATION_ERRORS = ['ADMIN_ACCOUNT_PROTECTED', 'STAFF_ACCOUNTS_ONLY', 'PERMISSION_NOT_HELD'] as const;

// The permission routes: the catalogue and the roles for every signed-in client, a user's
// permissions for themself and for those who manage permissions, and the changes. An unknown or
// malformed user id answers 404, before the body is read.
export const permissionsApi = {
  catalogue: defineRoute({
    method: 'GET',
    path: '/api/permissions',
    response: permissionsCatalogueResponseSchema,
  }),
  roles: defineRoute({
    method: 'GET',
    path: '/api/roles',
    response: rolesResponseSchema,
  }),
  userPermissions: defineRoute({
    ...EARLY_ROUTES.userPermissions,
    params: idParamsSchema,
    response: userPermissionsResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  grant: defineRoute({
    method: 'POST',
    path: '/api/users/:id/permissions',
    params: idParamsSchema,
    body: grantPermissionRequestSchema,
    response: userPermissionsResponseSchema,
    errors: ['NOT_FOUND', 'OWN_ACCESS_CHANGE', ...DELEGATION_ERRORS, 'PERMISSIONS_STAFF_ONLY'],
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/permissions/:permission',
    params: revokePermissionParamsSchema,
    response: userPermissionsResponseSchema,
    errors: ['NOT_FOUND', 'OWN_ACCESS_CHANGE', ...DELEGATION_ERRORS, 'PERMISSIONS_STAFF_ONLY'],
  }),
  assignPosition: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/position',
    params: idParamsSchema,
    body: assignPositionRequestSchema,
    response: userPermissionsResponseSchema,
    errors: ['NOT_FOUND', 'OWN_ACCESS_CHANGE', ...DELEGATION_ERRORS, 'PERMISSIONS_STAFF_ONLY'],
  }),
  changeRole: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/role',
    params: idParamsSchema,
    body: changeRoleRequestSchema,
    response: userPermissionsResponseSchema,
    errors: ['NOT_FOUND', 'OWN_ACCESS_CHANGE', 'PATIENT_ROLE_FIXED', 'DOCTOR_PROFILE_REQUIRED'],
  }),
};
