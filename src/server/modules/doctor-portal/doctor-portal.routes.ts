import type { FastifyPluginAsync } from 'fastify';
import { doctorPortalApi } from '../../../contracts/doctor-portal';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { DoctorPortalService } from './doctor-portal.service';

// The doctor's home. Doctors only: every answer is about the signed-in doctor's own day, and a
// visit step on an appointment that is not theirs answers 404 like a missing one.
const DOCTOR: RouteAccess = { roles: ['doctor'] };

export const doctorPortalRoutes: FastifyPluginAsync<{ doctorPortal: DoctorPortalService }> = async (app, { doctorPortal }) => {
  route(app, doctorPortalApi.stats, { access: DOCTOR }, async (request) => ({ data: await doctorPortal.stats(request.ctx) }));
  route(app, doctorPortalApi.schedule, { access: DOCTOR }, (request) => doctorPortal.schedule(request.ctx, request.query));
  route(app, doctorPortalApi.visit, { access: DOCTOR, beforeValidation: uuidParam() }, async (request) => ({
    data: await doctorPortal.visit(request.ctx, request.params.id, request.body.action),
  }));
};
