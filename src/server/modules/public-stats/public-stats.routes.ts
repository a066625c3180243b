import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_STATS_CACHE_SECONDS, publicStatsApi } from '../../../contracts/public-stats';
import { route } from '../../platform/route';
import type { PublicStatsService } from './public-stats.service';

// Public: the landing page shows these figures before sign-in and asks again every few seconds.
// Counts only (no PHI), so browsers and proxies may share them for as long as the server does.
export const publicStatsRoutes: FastifyPluginAsync<{ publicStats: PublicStatsService }> = async (app, { publicStats }) => {
  // A page open for a minute asks 12 times; the limit leaves room for a few tabs, not for a loop.
  route(app, publicStatsApi.stats, { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, (request, reply) => {
    reply.header('cache-control', `public, max-age=${PUBLIC_STATS_CACHE_SECONDS}`);
    return publicStats.current(request.ctx);
  });
};
