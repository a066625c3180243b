import type { FastifyPluginAsync } from 'fastify';
import { organisationApi } from '../../../contracts/organisation';
import { PUBLIC_CONFIG_CACHE_SECONDS } from '../../../contracts/public-config';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { OrganisationService } from './organisation.service';

// GET /api/public/config: what the browser needs before sign-in (the landing page, footer and map).
// /api/admin/organisation and /api/admin/clinics: the settings behind it.
const CONFIGURERS: RouteAccess = { permissions: { anyOf: ['system.config'] } };

export const organisationRoutes: FastifyPluginAsync<{ organisation: OrganisationService }> = async (app, { organisation }) => {
  route(app, organisationApi.publicConfig, { access: 'public' }, async (request, reply) => {
    reply.header('cache-control', `public, max-age=${PUBLIC_CONFIG_CACHE_SECONDS}`);
    return { ...(await organisation.publicIdentity(request.ctx)), demoMode: app.config.demoMode };
  });
  route(app, organisationApi.settings, { access: CONFIGURERS }, async (request) => ({ data: await organisation.settings(request.ctx) }));
  route(app, organisationApi.updateSettings, { access: CONFIGURERS }, async (request) => ({
    data: await organisation.updateSettings(request.ctx, request.body),
  }));
  route(app, organisationApi.clinics, { access: CONFIGURERS }, async (request) => ({ data: await organisation.clinics(request.ctx) }));
  route(app, organisationApi.createClinic, { access: CONFIGURERS }, async (request) => ({
    data: await organisation.createClinic(request.ctx, request.body),
  }));
  route(app, organisationApi.updateClinic, { access: CONFIGURERS }, async (request) => ({
    data: await organisation.updateClinic(request.ctx, request.params.id, request.body),
  }));
  route(app, organisationApi.deleteClinic, { access: CONFIGURERS }, (request) => organisation.deleteClinic(request.ctx, request.params.id));
};
