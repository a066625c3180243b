import type { FastifyPluginAsync } from 'fastify';
import { videoVisitsApi } from '../../../contracts/video-visits';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { VideoVisitsService } from './video-visits.service';

// A video visit is for the patient and the doctor of its appointment; the service answers 404 to
// anyone else, so the route admits those two roles only.
const ACCESS: RouteAccess = { roles: ['patient', 'doctor'], permissions: { anyOf: ['patients.view.own'] } };

export const videoVisitsRoutes: FastifyPluginAsync<{ videoVisits: VideoVisitsService }> = async (app, { videoVisits }) => {
  route(app, videoVisitsApi.visit, { access: ACCESS }, async (request) => ({
    data: await videoVisits.visit(request.ctx, request.params.id),
  }));
  route(app, videoVisitsApi.demo, { access: { roles: ['patient'] } }, async (request) => ({ data: await videoVisits.demo(request.ctx) }));
};
