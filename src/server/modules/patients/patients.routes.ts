import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationPayloadSchema, registrationResponseSchema } from '../../../contracts/registration';
import { requestAuditContext } from '../../platform/audit';
import { PatientsRepository } from './patients.repository';
import { PatientsService } from './patients.service';

// Spec §7 POST /api/patients/register: patient self-registration. Public (the registrant has no
// account yet) but not exempt from CSRF: the browser sends the pre-session token like the login
// form. Rate limited per address so the route cannot be used to mass-create accounts or to probe
// which emails are registered.
export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PatientsService(new PatientsRepository(app.db), {
    audit: app.audit,
    mailer: app.mailer,
    log: app.log,
    organisation: () => app.organisationIdentity.current(),
    publicUrl: app.config.publicUrl,
  });

  app.post(
    '/api/patients/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      bodyLimit: 64 * 1024,
      schema: { body: registrationPayloadSchema, response: { 202: registrationResponseSchema } },
    },
    async (request, reply) => reply.code(202).send(await service.register(request.body, requestAuditContext(request))),
  );
};
