import type { FastifyPluginAsync } from 'fastify';
import { waitlistApi } from '../../../contracts/waitlist';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { WaitlistService } from './waitlist.service';

// A patient's own waitlist: each call acts for the caller, and anyone else's entry or offer id
// answers 404 like a missing one.
const PATIENT: RouteAccess = { roles: ['patient'] };

export const waitlistRoutes: FastifyPluginAsync<{ waitlist: WaitlistService }> = async (app, { waitlist }) => {
  route(app, waitlistApi.list, { access: PATIENT }, (request) => waitlist.list(request.ctx));
  route(app, waitlistApi.join, { access: PATIENT, rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    data: await waitlist.join(request.ctx, request.body),
  }));
  route(app, waitlistApi.leave, { access: PATIENT }, (request) => waitlist.leave(request.ctx, request.params.id));
  route(app, waitlistApi.accept, { access: PATIENT }, async (request) => ({ data: await waitlist.accept(request.ctx, request.params.id) }));
};
