import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateResponseSchema, profileUpdateSchema } from '../../../contracts/profile';
import { userSettingsResponseSchema, userSettingsUpdateSchema } from '../../../contracts/user-settings';
import { actorOf } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { UsersService } from './users.service';

// spec §7 user calls: settings and the signed-in user's own profile.
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.db, { audit: app.audit });

  app.get(
    '/api/user/settings',
    { config: { access: 'signed-in' }, schema: { response: { 200: userSettingsResponseSchema } } },
    async (request) => ({
      data: await service.settings(actorOf(request).userId),
    }),
  );

  app.put(
    '/api/user/settings',
    { config: { access: 'signed-in' }, schema: { body: userSettingsUpdateSchema, response: { 200: userSettingsResponseSchema } } },
    async (request) => ({ data: await service.updateSettings(actorOf(request).userId, request.body, requestAuditContext(request)) }),
  );

  app.put(
    '/api/user/profile/:id',
    {
      config: { access: 'signed-in' },
      // Someone else's id (or one that does not exist) answers 404 before the body is even read,
      // exactly like a missing record (SECURITY.md: IDOR), and changes nothing.
      preValidation: async (request) => {
        const { id } = request.params as { id?: string };
        if (id !== actorOf(request).userId) throw AppError.notFound();
      },
      schema: { params: z.object({ id: z.string() }), body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      user: await service.updateProfile(actorOf(request).userId, request.body, requestAuditContext(request)),
    }),
  );
};
