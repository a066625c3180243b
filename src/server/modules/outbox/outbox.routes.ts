import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxResponseSchema } from '../../../contracts/profile';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OutboxService(new OutboxRepository(app.db), app.audit);

  app.get(
    '/api/admin/outbox',
    { config: { access: { roles: ['admin'] } }, schema: { querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } } },
    async (request) => {
      // A production deployment delivers mail; its outbox is not for reading in the app, even by admins.
      if (!app.config.demoMode) throw AppError.notFound('Not found');
      return service.list(request.query, requestAuditContext(request));
    },
  );
};
