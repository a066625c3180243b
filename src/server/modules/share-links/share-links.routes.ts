import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdShareLinkSchema, createShareLinkRequestSchema, shareLinkListResponseSchema } from '../../../contracts/share-links';
import { sharedMedicationSchema } from '../../../contracts/shared-medication';
import type { RouteAccess } from '../../platform/access';
import { actorOf } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import type { MedicationsService } from '../medications/medications.service';
import { ShareLinksRepository } from './share-links.repository';
import { ShareLinksService } from './share-links.service';

// Issue 7 item 6. A patient manages their own links (no id of theirs in the path: each acts for
// themselves); anyone holding a link opens it through the public route.
const OWNER: RouteAccess = { roles: ['patient'] };

export const shareLinksRoutes: FastifyPluginAsyncZod<{ medications: MedicationsService }> = async (app, { medications }) => {
  const service = new ShareLinksService(new ShareLinksRepository(app.db), medications, app.audit, {
    publicUrl: app.config.publicUrl,
  });

  app.post(
    '/api/share-links',
    {
      config: { access: OWNER, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: createShareLinkRequestSchema, response: { 201: createdShareLinkSchema } },
    },
    async (request, reply) => {
      const created = await service.create(actorOf(request).userId, request.body, requestAuditContext(request));
      return reply.code(201).send(created);
    },
  );

  app.get('/api/share-links', { config: { access: OWNER }, schema: { response: { 200: shareLinkListResponseSchema } } }, async (request) =>
    service.listActive(actorOf(request).userId, requestAuditContext(request)),
  );

  app.delete(
    '/api/share-links/:id',
    { config: { access: OWNER }, schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      await service.revoke(actorOf(request).userId, request.params.id, requestAuditContext(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/shared/medication/:token',
    {
      // Public, so the limit per address is what stands between a guesser and the (2^256) tokens.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: z.object({ token: z.string().max(200) }), response: { 200: sharedMedicationSchema } },
    },
    async (request) => service.openMedications(request.params.token, requestAuditContext(request)),
  );
};
