import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clinicInputSchema,
  clinicListResponseSchema,
  clinicResponseSchema,
  organisationResponseSchema,
  organisationUpdateSchema,
} from '../../../contracts/organisation';
import { PUBLIC_CONFIG_CACHE_SECONDS, publicConfigSchema } from '../../../contracts/public-config';
import { actorOf, type RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { OrganisationRepository } from './organisation.repository';
import { OrganisationService } from './organisation.service';

// GET /api/public/config: what the browser needs before sign-in (the landing page, footer and map).
// /api/admin/organisation and /api/admin/clinics: the settings behind it (issue 6 item 5).
const CONFIGURERS: RouteAccess = { permissions: { anyOf: ['system.config'] } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is as missing as an unknown one: 404, before the body is read. */
async function clinicIdOr404(request: { params: unknown }): Promise<void> {
  if (!UUID.test((request.params as { id?: string }).id ?? '')) throw AppError.notFound();
}

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OrganisationService(new OrganisationRepository(app.db), {
    audit: app.audit,
    config: app.config,
    onSettingsChanged: () => app.organisationIdentity.forget(),
  });

  app.get(
    '/api/public/config',
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_CONFIG_CACHE_SECONDS}`);
      return { ...(await service.publicIdentity()), demoMode: app.config.demoMode };
    },
  );

  app.get(
    '/api/admin/organisation',
    { config: { access: CONFIGURERS }, schema: { response: { 200: organisationResponseSchema } } },
    async () => ({ data: await service.settings() }),
  );

  app.put(
    '/api/admin/organisation',
    { config: { access: CONFIGURERS }, schema: { body: organisationUpdateSchema, response: { 200: organisationResponseSchema } } },
    async (request) => ({
      data: await service.updateSettings(request.body, actorOf(request).userId, requestAuditContext(request)),
    }),
  );

  app.get('/api/admin/clinics', { config: { access: CONFIGURERS }, schema: { response: { 200: clinicListResponseSchema } } }, async () => ({
    data: await service.clinics(),
  }));

  app.post(
    '/api/admin/clinics',
    { config: { access: CONFIGURERS }, schema: { body: clinicInputSchema, response: { 201: clinicResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await service.createClinic(request.body, requestAuditContext(request)) }),
  );

  app.put(
    '/api/admin/clinics/:id',
    {
      config: { access: CONFIGURERS },
      preValidation: clinicIdOr404,
      schema: { params: z.object({ id: z.string() }), body: clinicInputSchema, response: { 200: clinicResponseSchema } },
    },
    async (request) => ({ data: await service.updateClinic(request.params.id, request.body, requestAuditContext(request)) }),
  );

  app.delete(
    '/api/admin/clinics/:id',
    { config: { access: CONFIGURERS }, preValidation: clinicIdOr404, schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      await service.deleteClinic(request.params.id, requestAuditContext(request));
      return reply.code(204).send();
    },
  );
};
