import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSY_RETRY_AFTER_SECONDS } from '../../../contracts/errors';
import { healthSchema, readinessSchema } from '../../../contracts/health';

// Liveness and readiness for load balancers and orchestrators: /healthz says the process answers,
// /readyz that it takes requests: 503 while it sheds load (platform/load-shedding.ts) or cannot
// reach its database, so traffic goes elsewhere. Neither is ever shed itself.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const load = app.overloaded();
      if (load) {
        return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send({ status: 'busy', database: 'up', load });
      }
      const up = await app.database.ping();
      return reply.code(up ? 200 : 503).send({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
};
