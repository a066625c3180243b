import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoAccountsResponseSchema } from '../../../contracts/demo';
import { AppError } from '../../platform/app-error';
import { DemoRepository } from './demo.repository';
import { DemoService } from './demo.service';

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new DemoService(new DemoRepository(app.db));

  app.get('/api/demo/accounts', { config: { access: 'public' }, schema: { response: { 200: demoAccountsResponseSchema } } }, async () => {
    // Outside demo mode the route answers exactly like one that does not exist.
    if (!app.config.demoMode) throw AppError.notFound('Not found');
    return { data: await service.listAccounts() };
  });
};
