import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markAllReadRequestSchema,
  markAllReadResponseSchema,
  notificationActionResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
} from '../../../contracts/notifications';
import { actorOf } from '../../platform/access';
import { requestAuditContext } from '../../platform/audit';
import { NotificationsService } from './notifications.service';

// Spec §7 notification calls. HTTP shape only: ownership and the rules live in NotificationsService.
// Ids are matched as strings (a malformed one is simply not found) so every foreign or unknown id
// answers the same 404.
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new NotificationsService(app.db, { audit: app.audit, events: app.events });
  const idParams = z.object({ id: z.string().max(100) });

  // Permission and role changes published by the access area become stored notifications.
  const unsubscribe = app.events.subscribe((envelope) => {
    const { event } = envelope;
    if (event.type !== 'permission_update' && event.type !== 'user_permissions_changed' && event.type !== 'role_changed') return;
    service.recordAccessChange(event).catch((error: unknown) => {
      app.log.error(
        { err: error instanceof Error ? error.message : String(error), event: event.type },
        'storing an access-change notification failed',
      );
    });
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: { querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } },
    },
    async (request) => {
      const { userId, limit, cursor } = request.query;
      return service.list(actorOf(request).userId, userId, { limit, cursor }, requestAuditContext(request));
    },
  );

  app.put(
    '/api/notifications/mark-all-read',
    { config: { access: 'signed-in' }, schema: { body: markAllReadRequestSchema, response: { 200: markAllReadResponseSchema } } },
    async (request) => ({
      success: true as const,
      updated: await service.markAllRead(actorOf(request).userId, request.body.userId, requestAuditContext(request)),
    }),
  );

  app.put(
    '/api/notifications/:id/read',
    { config: { access: 'signed-in' }, schema: { params: idParams, response: { 200: notificationActionResponseSchema } } },
    async (request) => {
      await service.markRead(actorOf(request).userId, request.params.id, requestAuditContext(request));
      return { success: true as const };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { config: { access: 'signed-in' }, schema: { params: idParams, response: { 200: notificationActionResponseSchema } } },
    async (request) => {
      await service.remove(actorOf(request).userId, request.params.id, requestAuditContext(request));
      return { success: true as const };
    },
  );
};
