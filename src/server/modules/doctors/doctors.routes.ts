import type { FastifyPluginAsync } from 'fastify';
import { doctorsApi } from '../../../contracts/doctors';
import { route } from '../../platform/route';
import type { DoctorsService } from './doctors.service';

// Public: the landing page lists doctors before anyone signs in. The answer holds no patient data,
// so browsers and proxies may keep it briefly; the limit stops scraping loops.
const CACHE = 'public, max-age=60';
const LIMIT = { max: 120, timeWindow: '1 minute' };

export const doctorsRoutes: FastifyPluginAsync<{ doctors: DoctorsService }> = async (app, { doctors }) => {
  route(app, doctorsApi.list, { access: 'public', rateLimit: LIMIT }, async (request, reply) => {
    reply.header('cache-control', CACHE);
    return doctors.list(request.ctx, request.query);
  });

  route(app, doctorsApi.profile, { access: 'public', rateLimit: LIMIT }, async (request, reply) => {
    const data = await doctors.profile(request.ctx, request.params.id);
    reply.header('cache-control', CACHE);
    return { data };
  });
};
