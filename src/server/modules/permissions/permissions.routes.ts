import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { POSITION_TEMPLATES, STAFF_POSITIONS } from '../../../contracts/permission-catalogue';
import {
  assignPositionRequestSchema,
  changeRoleRequestSchema,
  grantPermissionRequestSchema,
  permissionSchema,
  permissionsCatalogueResponseSchema,
  rolesResponseSchema,
  userPermissionsResponseSchema,
} from '../../../contracts/permissions';
import { ROLES } from '../../../contracts/roles';
import { actorOf, permissionsOf, type RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { PermissionsService, type PermissionsActor } from './permissions.service';

// /api/users/{id}/permissions, GET /api/permissions and /api/roles, and
// the admin changes: grant, revoke, position template, role.

// The catalogue and the roles are the spec's, not secrets: every signed-in client may read them.
const MANAGE: RouteAccess = { roles: ['admin', 'staff'], permissions: { anyOf: ['users.permissions'] } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed user id is as missing as an unknown one: 404, before the body is read. */
async function uuidParam(request: FastifyRequest): Promise<void> {
  if (!UUID.test((request.params as { id?: string }).id ?? '')) throw AppError.notFound();
}

async function actorWithPermissions(request: FastifyRequest): Promise<PermissionsActor> {
  const { userId, role } = actorOf(request);
  return { userId, role, held: await permissionsOf(request) };
}

const userParams = z.object({ id: z.string() });

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PermissionsService({ db: app.db, audit: app.audit, events: app.events, sessions: app.sessions });

  app.get(
    '/api/permissions',
    { config: { access: 'signed-in' }, schema: { response: { 200: permissionsCatalogueResponseSchema } } },
    async () => ({ data: await service.catalogue() }),
  );

  app.get('/api/roles', { config: { access: 'signed-in' }, schema: { response: { 200: rolesResponseSchema } } }, async () => ({
    data: {
      roles: [...ROLES],
      positions: STAFF_POSITIONS.map((position) => ({ position, permissions: [...POSITION_TEMPLATES[position]] })),
    },
  }));

  app.get(
    '/api/users/:id/permissions',
    {
      config: { access: 'signed-in' },
      preValidation: uuidParam,
      schema: { params: userParams, response: { 200: userPermissionsResponseSchema } },
    },
    async (request) => ({ data: await service.userPermissions(await actorWithPermissions(request), request.params.id) }),
  );

  app.post(
    '/api/users/:id/permissions',
    {
      config: { access: MANAGE },
      preValidation: uuidParam,
      schema: { params: userParams, body: grantPermissionRequestSchema, response: { 200: userPermissionsResponseSchema } },
    },
    async (request) => {
      const { permission, expiresAt } = request.body;
      const actor = await actorWithPermissions(request);
      const expiry = expiresAt ? new Date(expiresAt) : null;
      return { data: await service.grant(actor, request.params.id, permission, expiry, requestAuditContext(request)) };
    },
  );

  app.delete(
    '/api/users/:id/permissions/:permission',
    {
      config: { access: MANAGE },
      preValidation: async (request) => {
        await uuidParam(request);
        // An unknown permission is as missing as one the user does not hold.
        if (!permissionSchema.safeParse((request.params as { permission?: string }).permission).success) throw AppError.notFound();
      },
      schema: { params: z.object({ id: z.string(), permission: permissionSchema }), response: { 200: userPermissionsResponseSchema } },
    },
    async (request) => ({
      data: await service.revoke(
        await actorWithPermissions(request),
        request.params.id,
        request.params.permission,
        requestAuditContext(request),
      ),
    }),
  );

  app.put(
    '/api/users/:id/position',
    {
      config: { access: MANAGE },
      preValidation: uuidParam,
      schema: { params: userParams, body: assignPositionRequestSchema, response: { 200: userPermissionsResponseSchema } },
    },
    async (request) => ({
      data: await service.assignPosition(
        await actorWithPermissions(request),
        request.params.id,
        request.body.position,
        requestAuditContext(request),
      ),
    }),
  );

  app.put(
    '/api/users/:id/role',
    {
      config: { access: { roles: ['admin'] } },
      preValidation: uuidParam,
      schema: { params: userParams, body: changeRoleRequestSchema, response: { 200: userPermissionsResponseSchema } },
    },
    async (request) => ({
      data: await service.changeRole(
        await actorWithPermissions(request),
        request.params.id,
        request.body.role,
        requestAuditContext(request),
      ),
    }),
  );
};
