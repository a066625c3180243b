import type { FastifyPluginAsync } from 'fastify';
import { usersApi } from '../../../contracts/users';
import { route } from '../../platform/route';
import type { UsersService } from './users.service';

// The signed-in user's own settings and profile.
export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  route(app, usersApi.settings, { access: 'signed-in' }, async (request) => ({ data: await users.settings(request.ctx) }));

  route(app, usersApi.updateSettings, { access: 'signed-in' }, async (request) => ({
    data: await users.updateSettings(request.ctx, request.body),
  }));

  route(
    app,
    usersApi.updateProfile,
    {
      access: 'signed-in',
      // Someone else's id (or one that does not exist) answers 404 before the body is even read,
      // exactly like a missing record, and changes nothing.
      beforeValidation: (request) => users.assertOwnProfile(request.ctx, (request.params as { id?: string }).id),
    },
    async (request) => ({ success: true as const, user: await users.updateProfile(request.ctx, request.params.id, request.body) }),
  );
};
