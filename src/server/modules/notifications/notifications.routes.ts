import type { FastifyPluginAsync } from 'fastify';
import { notificationsApi } from '../../../contracts/notifications';
import { route } from '../../platform/route';
import type { NotificationsService } from './notifications.service';

// The notification calls: HTTP shape only. Ownership and the rules live in NotificationsService;
// ids are matched as strings (a malformed one is simply not found) so every foreign or unknown id
// answers the same 404.
export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  route(app, notificationsApi.list, { access: 'signed-in' }, (request) => {
    const { userId, limit, cursor } = request.query;
    return notifications.list(request.ctx, userId, { limit, cursor });
  });

  route(app, notificationsApi.markAllRead, { access: 'signed-in' }, async (request) => ({
    success: true as const,
    updated: await notifications.markAllRead(request.ctx, request.body.userId),
  }));

  route(app, notificationsApi.markRead, { access: 'signed-in' }, async (request) => {
    await notifications.markRead(request.ctx, request.params.id);
    return { success: true as const };
  });

  route(app, notificationsApi.remove, { access: 'signed-in' }, async (request) => {
    await notifications.remove(request.ctx, request.params.id);
    return { success: true as const };
  });
};
