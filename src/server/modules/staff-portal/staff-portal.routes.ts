import type { FastifyPluginAsync } from 'fastify';
import { staffPortalApi } from '../../../contracts/staff-portal';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { StaffPortalService } from './staff-portal.service';

// The staff home. The day's counts are about the whole clinic's schedule: staff holding
// appointments.view.all, and admins. Desk statuses are among colleagues: any staff member or admin
// reads them, and only a staff member sets their own. Patients and doctors never reach these.
const STATS: RouteAccess = { roles: ['staff', 'admin'], permissions: { anyOf: ['appointments.view.all'] } };
const COLLEAGUES: RouteAccess = { roles: ['staff', 'admin'] };
const OWN_STATUS: RouteAccess = { roles: ['staff'] };

export const staffPortalRoutes: FastifyPluginAsync<{ staffPortal: StaffPortalService }> = async (app, { staffPortal }) => {
  route(app, staffPortalApi.stats, { access: STATS }, async (request) => ({ data: await staffPortal.stats(request.ctx) }));
  route(app, staffPortalApi.status, { access: COLLEAGUES }, (request) => staffPortal.statuses(request.ctx));
  route(app, staffPortalApi.setStatus, { access: OWN_STATUS, rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    data: await staffPortal.setOwn(request.ctx, request.body.status),
  }));
};
