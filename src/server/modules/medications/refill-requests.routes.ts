import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRefillRequestSchema,
  refillRequestListResponseSchema,
  refillRequestResponseSchema,
} from '../../../contracts/refill-requests';
import { actorOf, type RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import { patientScopeOf } from '../../platform/patient-scope';
import type { NotificationsService } from '../notifications/notifications.service';
import { RefillRequestsRepository } from './refill-requests.repository';
import { RefillRequestsService } from './refill-requests.service';

// Issue 7 item 5. A patient requests refills of their own medications (no patient id in the path:
// only the caller's medication is found); the list reads like the medication list, scoped.
const REQUESTER: RouteAccess = { roles: ['patient'] };
const READER: RouteAccess = { permissions: { anyOf: ['medications.view.all', 'patients.view.own'] } };

export const refillRequestsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  const service = new RefillRequestsService(
    new RefillRequestsRepository(app.db),
    notifications,
    app.events,
    app.audit,
  );
  const idParams = z.object({ id: z.string() });

  app.post(
    '/api/medications/:id/refill-requests',
    {
      config: { access: REQUESTER, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: idParams, body: createRefillRequestSchema, response: { 201: refillRequestResponseSchema } },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const created = await service.request(actorOf(request).userId, request.params.id, request.body, requestAuditContext(request));
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/api/medications/patient/:id/refill-requests',
    { config: { access: READER }, schema: { params: idParams, response: { 200: refillRequestListResponseSchema } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.listForPatient(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    },
  );
};
