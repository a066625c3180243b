import type { FastifyPluginAsync } from 'fastify';
import { outboxApi } from '../../../contracts/outbox';
import { AppError } from '../../platform/app-error';
import { route } from '../../platform/route';
import type { OutboxService } from './outbox.service';

export const outboxRoutes: FastifyPluginAsync<{ outbox: OutboxService }> = async (app, { outbox }) => {
  route(app, outboxApi.list, { access: { roles: ['admin'] } }, (request) => {
    // A production deployment delivers mail; its outbox is not for reading in the app, even by admins.
    if (!app.config.demoMode) throw AppError.notFound('Not found');
    return outbox.list(request.ctx, request.query);
  });
};
