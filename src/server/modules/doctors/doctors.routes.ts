import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  doctorIdParamsSchema,
  doctorListQuerySchema,
  doctorListResponseSchema,
  doctorProfileResponseSchema,
} from '../../../contracts/doctors';
import { DoctorsRepository } from './doctors.repository';
import { DoctorsService } from './doctors.service';

// Public: the landing page lists doctors before anyone signs in (spec §2 explorer, §7). The answer
// holds no patient data, so browsers and proxies may keep it briefly; the limit stops scraping loops.
const CACHE = 'public, max-age=60';
const LIMIT = { max: 120, timeWindow: '1 minute' };

export const doctorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new DoctorsService(new DoctorsRepository(app.db));

  app.get(
    '/api/doctors',
    {
      config: { access: 'public', rateLimit: LIMIT },
      schema: { querystring: doctorListQuerySchema, response: { 200: doctorListResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return service.list(request.query);
    },
  );

  app.get(
    '/api/doctors/:id',
    {
      config: { access: 'public', rateLimit: LIMIT },
      schema: { params: doctorIdParamsSchema, response: { 200: doctorProfileResponseSchema } },
    },
    async (request, reply) => {
      const data = await service.profile(request.params.id);
      reply.header('cache-control', CACHE);
      return { data };
    },
  );
};
