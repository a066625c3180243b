import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { permissionSchema, permissionsApi } from '../../../contracts/permissions';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { route, uuidParam } from '../../platform/route';
import type { PermissionsService } from './permissions.service';

// /api/users/{id}/permissions, GET /api/permissions and /api/roles, and the changes: grant,
// revoke, position template, role (admin only). A malformed user id answers 404 before the body
// is read.

// The catalogue and the roles are the product's, not secrets: every signed-in client may read them.
const MANAGE: RouteAccess = { roles: ['admin', 'staff'], permissions: { anyOf: ['users.permissions'] } };

const userId = uuidParam();

/** An unknown permission is as missing as one the user does not hold. */
function knownPermission(request: FastifyRequest): void {
  userId(request);
  if (!permissionSchema.safeParse((request.params as { permission?: string }).permission).success) throw AppError.notFound();
}

export const permissionsRoutes: FastifyPluginAsync<{ permissions: PermissionsService }> = async (app, { permissions }) => {
  route(app, permissionsApi.catalogue, { access: 'signed-in' }, async (request) => ({ data: await permissions.catalogue(request.ctx) }));

  route(app, permissionsApi.roles, { access: 'signed-in' }, () => ({ data: permissions.roles() }));

  route(app, permissionsApi.userPermissions, { access: 'signed-in', beforeValidation: userId }, async (request) => ({
    data: await permissions.userPermissions(request.ctx, request.params.id),
  }));

  route(app, permissionsApi.grant, { access: MANAGE, beforeValidation: userId }, async (request) => {
    const { permission, expiresAt } = request.body;
    return { data: await permissions.grant(request.ctx, request.params.id, permission, expiresAt ? new Date(expiresAt) : null) };
  });

  route(app, permissionsApi.revoke, { access: MANAGE, beforeValidation: knownPermission }, async (request) => ({
    data: await permissions.revoke(request.ctx, request.params.id, request.params.permission),
  }));

  route(app, permissionsApi.assignPosition, { access: MANAGE, beforeValidation: userId }, async (request) => ({
    data: await permissions.assignPosition(request.ctx, request.params.id, request.body.position),
  }));

  route(app, permissionsApi.changeRole, { access: { roles: ['admin'] }, beforeValidation: userId }, async (request) => ({
    data: await permissions.changeRole(request.ctx, request.params.id, request.body.role),
  }));
};
