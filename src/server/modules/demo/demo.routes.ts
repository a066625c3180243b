import type { FastifyPluginAsync } from 'fastify';
import { demoApi } from '../../../contracts/demo';
import { AppError } from '../../platform/app-error';
import { route } from '../../platform/route';
import type { DemoService } from './demo.service';

export const demoRoutes: FastifyPluginAsync<{ demo: DemoService }> = async (app, { demo }) => {
  route(app, demoApi.accounts, { access: 'public' }, async (request) => {
    // Outside demo mode the route answers exactly like one that does not exist.
    if (!app.config.demoMode) throw AppError.notFound('Not found');
    return { data: await demo.listAccounts(request.ctx) };
  });
};
