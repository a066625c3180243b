import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SEARCH_RATE_PER_MINUTE, searchApi } from '../../../contracts/search';
import { rateLimitKey } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import type { SearchService } from './search.service';

// GET /api/search: any signed-in user; what each one finds is the service's and the scope's rule.
// Instant search sends a request per pause in typing, so the limit counts per user (after the
// session is known, hence preHandler), not per address: a clinic behind one address shares nothing.
export const searchRoutes: FastifyPluginAsync<{ search: SearchService }> = async (app, { search }) => {
  route(
    app,
    searchApi.search,
    {
      access: 'signed-in',
      rateLimit: {
        max: SEARCH_RATE_PER_MINUTE,
        timeWindow: '1 minute',
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => (request.session ? `search:${request.session.userId}` : rateLimitKey(request)),
      },
    },
    (request) => search.search(request.ctx, request.query.query, request.query.group, request.query.page),
  );
};
