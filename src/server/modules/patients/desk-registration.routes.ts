import type { FastifyPluginAsync } from 'fastify';
import { deskRegistrationApi } from '../../../contracts/desk-registration';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { DeskRegistrationService } from './desk-registration.service';

// The front desk's registration of walk-in patients: staff holding patients.create, and admins.
// Patients and doctors never reach these routes. The duplicate check names patients, so it is
// rate limited like a search.
const ACCESS: RouteAccess = { roles: ['staff', 'admin'], permissions: { anyOf: ['patients.create'] } };

export const deskRegistrationRoutes: FastifyPluginAsync<{ deskRegistration: DeskRegistrationService }> = async (
  app,
  { deskRegistration },
) => {
  route(app, deskRegistrationApi.duplicates, { access: ACCESS, rateLimit: { max: 60, timeWindow: '1 minute' } }, (request) =>
    deskRegistration.duplicates(request.ctx, request.body),
  );
  route(
    app,
    deskRegistrationApi.register,
    { access: ACCESS, rateLimit: { max: 30, timeWindow: '1 minute' }, bodyLimit: 64 * 1024 },
    async (request) => ({
      data: await deskRegistration.register(request.ctx, request.body),
    }),
  );
};
