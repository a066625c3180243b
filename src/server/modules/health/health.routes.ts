import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '../../../contracts/health';

// Liveness and readiness for load balancers and orchestrators: /healthz says the process answers,
// /readyz that it can reach its database (503 otherwise, so traffic goes elsewhere).
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.code(up ? 200 : 503).send({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
};
