import type { FastifyPluginAsync } from 'fastify';
import { shareLinksApi } from '../../../contracts/share-links';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { ShareLinksService } from './share-links.service';

// A patient manages their own links (no id of theirs in the path: each acts for themselves);
// anyone holding a link opens it through the public route.
const OWNER: RouteAccess = { roles: ['patient'] };

export const shareLinksRoutes: FastifyPluginAsync<{ shareLinks: ShareLinksService }> = async (app, { shareLinks }) => {
  route(app, shareLinksApi.create, { access: OWNER, rateLimit: { max: 30, timeWindow: '1 minute' } }, (request) =>
    shareLinks.create(request.ctx, request.body),
  );
  route(app, shareLinksApi.list, { access: OWNER }, (request) => shareLinks.listActive(request.ctx));
  route(app, shareLinksApi.revoke, { access: OWNER }, (request) => shareLinks.revoke(request.ctx, request.params.id));
  // Public, so the limit per address is what stands between a guesser and the (2^256) tokens.
  route(app, shareLinksApi.open, { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } }, (request) =>
    shareLinks.openMedications(request.ctx, request.params.token),
  );
};
