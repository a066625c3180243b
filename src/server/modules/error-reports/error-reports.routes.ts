import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReportAcceptedSchema, errorReportSchema } from '../../../contracts/error-reports';
import { ErrorReportsRepository } from './error-reports.repository';
import { ErrorReportsService } from './error-reports.service';

// Errors happen before sign-in too (landing page, login), so reporting is public; the rate limit
// and the small body limit keep it from being a way to fill the database. It needs no CSRF token:
// a report changes no one's data, and the reporter must work when the rest of the app does not.
export const errorReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ErrorReportsService(new ErrorReportsRepository(app.db));

  app.post(
    '/api/error-reports',
    {
      config: { access: 'public', csrf: false, rateLimit: { max: 30, timeWindow: '1 minute' } },
      bodyLimit: 32 * 1024,
      schema: { body: errorReportSchema, response: { 201: errorReportAcceptedSchema } },
    },
    async (request, reply) => reply.code(201).send(await service.record(request.body)),
  );
};
