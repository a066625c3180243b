import type { FastifyPluginAsync } from 'fastify';
import { appointmentLinksApi } from '../../../contracts/appointment-links';
import { route } from '../../platform/route';
import type { AppointmentLinksService } from './appointment-links.service';

// A reminder's links, for anyone holding one: no sign-in, the token is the key to one action on one
// appointment. The limit per address is what stands between a guesser and the (2^256) tokens.
const LINK_LIMIT = { max: 30, timeWindow: '1 minute' };

export const appointmentLinksRoutes: FastifyPluginAsync<{ appointmentLinks: AppointmentLinksService }> = async (
  app,
  { appointmentLinks },
) => {
  route(app, appointmentLinksApi.open, { access: 'public', rateLimit: LINK_LIMIT }, (request) =>
    appointmentLinks.open(request.ctx, request.params.token),
  );
  route(app, appointmentLinksApi.use, { access: 'public', rateLimit: LINK_LIMIT }, (request) =>
    appointmentLinks.use(request.ctx, request.params.token, request.body.action),
  );
};
