import type { FastifyPluginAsync } from 'fastify';
import { systemSettingsApi } from '../../../contracts/system-settings';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { SystemSettingsService } from './system-settings.service';

// GET/PUT /api/admin/system-settings. They change every sign-in, so administrators only, and
// among them those holding system.config; a staff member holding it is still refused.
const ADMIN_CONFIGURERS: RouteAccess = { roles: ['admin'], permissions: { anyOf: ['system.config'] } };

export const systemSettingsRoutes: FastifyPluginAsync<{ systemSettings: SystemSettingsService }> = async (app, { systemSettings }) => {
  route(app, systemSettingsApi.get, { access: ADMIN_CONFIGURERS }, async (request) => ({
    data: await systemSettings.settings(request.ctx),
  }));
  route(app, systemSettingsApi.update, { access: ADMIN_CONFIGURERS }, async (request) => ({
    data: await systemSettings.update(request.ctx, request.body),
  }));
};
