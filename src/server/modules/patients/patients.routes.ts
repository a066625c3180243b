import type { FastifyPluginAsync } from 'fastify';
import { patientsApi } from '../../../contracts/patients';
import { route } from '../../platform/route';
import type { PatientsService } from './patients.service';

// POST /api/patients/register: patient self-registration. Public (the registrant has no account
// yet) but not exempt from CSRF: the browser sends the pre-session token like the login form. Rate
// limited per address so the route cannot be used to mass-create accounts or to probe which
// emails are registered.
export const patientsRoutes: FastifyPluginAsync<{ patients: PatientsService }> = async (app, { patients }) => {
  route(
    app,
    patientsApi.register,
    { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' }, bodyLimit: 64 * 1024 },
    (request) => patients.register(request.ctx, request.body),
  );
};
