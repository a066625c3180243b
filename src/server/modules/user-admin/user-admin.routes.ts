import type { FastifyPluginAsync } from 'fastify';
import { userAdminApi } from '../../../contracts/user-admin';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { UserAdminService } from './user-admin.service';

// GET/POST /api/users, PUT /api/users/{id}/status. HTTP shape only.

// Admin (who passes every permission check), or staff holding the users.* permission the operation needs.
const ACCESS = {
  list: { permissions: { anyOf: ['users.view.all'] } },
  create: { permissions: { anyOf: ['users.create'] } },
  update: { permissions: { anyOf: ['users.update'] } },
} satisfies Record<string, RouteAccess>;

export const userAdminRoutes: FastifyPluginAsync<{ userAdmin: UserAdminService }> = async (app, { userAdmin }) => {
  route(app, userAdminApi.list, { access: ACCESS.list }, (request) => userAdmin.list(request.ctx, request.query));

  route(app, userAdminApi.create, { access: ACCESS.create }, async (request) => {
    const created = await userAdmin.create(request.ctx, request.body);
    return { data: created.user, invitationExpiresAt: created.invitationExpiresAt };
  });

  // A malformed id is as missing as an unknown one: 404, before the body is read.
  route(app, userAdminApi.setStatus, { access: ACCESS.update, beforeValidation: uuidParam() }, async (request) => ({
    data: await userAdmin.setStatus(request.ctx, request.params.id, request.body.active),
  }));
};
