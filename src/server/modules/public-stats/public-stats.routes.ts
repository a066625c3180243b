import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_STATS_CACHE_SECONDS, publicStatsSchema } from '../../../contracts/public-stats';
import { PublicStatsRepository } from './public-stats.repository';
import { PublicStatsService } from './public-stats.service';

// Public: the landing page shows these figures before sign-in and asks again every few seconds.
// Counts only (no PHI), so browsers and proxies may share them for as long as the server does.
export const publicStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PublicStatsService(new PublicStatsRepository(app.db), PUBLIC_STATS_CACHE_SECONDS * 1000);

  app.get(
    '/api/public/stats',
    {
      // A page open for a minute asks 12 times; the limit leaves room for a few tabs, not for a loop.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: { 200: publicStatsSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_STATS_CACHE_SECONDS}`);
      return service.current();
    },
  );
};
