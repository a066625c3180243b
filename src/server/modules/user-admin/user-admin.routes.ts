import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserRequestSchema,
  createUserResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userStatusRequestSchema,
  userStatusResponseSchema,
} from '../../../contracts/user-admin';
import type { FastifyRequest } from 'fastify';
import { actorOf, permissionsOf, type RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { INVITATION_TOKEN_LIFETIME_MS, storePasswordLink } from '../auth/password-links';
import { assignPositionTemplate } from '../permissions/permissions.service';
import { UserAdminService, type UserAdminActor } from './user-admin.service';

async function actorWithPermissions(request: FastifyRequest): Promise<UserAdminActor> {
  const { userId, role } = actorOf(request);
  return { userId, role, held: await permissionsOf(request) };
}

// GET/POST /api/users, PUT /api/users/{id}/status. HTTP shape only.

// Admin (who passes every permission check), or staff holding the users.* permission the operation needs.
const ACCESS = {
  list: { permissions: { anyOf: ['users.view.all'] } },
  create: { permissions: { anyOf: ['users.create'] } },
  update: { permissions: { anyOf: ['users.update'] } },
} satisfies Record<string, RouteAccess>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UserAdminService({
    db: app.db,
    audit: app.audit,
    mailer: app.mailer,
    config: app.config,
    organisation: () => app.organisationIdentity.current(),
    // New staff start with their position's template.
    assignPositionTemplate,
    invitationLink: (db, userId) => storePasswordLink(db, app.config.publicUrl, userId, INVITATION_TOKEN_LIFETIME_MS, new Date()),
  });

  app.get(
    '/api/users',
    { config: { access: ACCESS.list }, schema: { querystring: userListQuerySchema, response: { 200: userListResponseSchema } } },
    async (request) => service.list(request.query, requestAuditContext(request)),
  );

  app.post(
    '/api/users',
    { config: { access: ACCESS.create }, schema: { body: createUserRequestSchema, response: { 201: createUserResponseSchema } } },
    async (request, reply) => {
      const created = await service.create(await actorWithPermissions(request), request.body, requestAuditContext(request));
      return reply.code(201).send({ data: created.user, invitationExpiresAt: created.invitationExpiresAt });
    },
  );

  app.put(
    '/api/users/:id/status',
    {
      config: { access: ACCESS.update },
      // A malformed id is as missing as an unknown one: 404, before the body is read.
      preValidation: async (request) => {
        if (!UUID.test((request.params as { id?: string }).id ?? '')) throw AppError.notFound();
      },
      schema: { params: z.object({ id: z.string() }), body: userStatusRequestSchema, response: { 200: userStatusResponseSchema } },
    },
    async (request) => {
      const data = await service.setStatus(
        await actorWithPermissions(request),
        request.params.id,
        request.body.active,
        requestAuditContext(request),
      );
      // A deactivated user's open sockets close now, not at the next sweep.
      if (!request.body.active) await app.realtime.sweep(request.params.id);
      return { data };
    },
  );
};
