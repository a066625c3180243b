import type { FastifyPluginAsync } from 'fastify';
import { reportsApi } from '../../../contracts/reports';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { ReportsService } from './reports.service';

// Report downloads need reports.export; the service adds the read permission of the kind asked for.
const EXPORTERS: RouteAccess = { permissions: { allOf: ['reports.export'] } };
const SCHEDULERS: RouteAccess = { permissions: { allOf: ['reports.schedule'] } };
// Each report reads a whole period: a few a minute is plenty for a person (limited after the
// access check, so a refused caller is told 403, never 429).
const COSTLY = { max: 20, timeWindow: '1 minute', hook: 'preHandler' as const };

export const reportsRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (app, { reports }) => {
  route(app, reportsApi.schedules, { access: SCHEDULERS }, async (request) => ({ data: await reports.schedules(request.ctx) }));
  route(app, reportsApi.recipients, { access: SCHEDULERS }, async (request) => ({ data: await reports.recipients(request.ctx) }));
  route(app, reportsApi.createSchedule, { access: SCHEDULERS }, async (request) => ({
    data: await reports.createSchedule(request.ctx, request.body),
  }));
  route(app, reportsApi.deleteSchedule, { access: SCHEDULERS, beforeValidation: uuidParam() }, (request) =>
    reports.deleteSchedule(request.ctx, request.params.id),
  );
  route(app, reportsApi.size, { access: EXPORTERS, rateLimit: COSTLY }, async (request) => ({
    data: await reports.size(request.ctx, request.params.kind, request.query),
  }));
  route(app, reportsApi.download, { access: EXPORTERS, rateLimit: COSTLY }, async (request, reply) => {
    const file = await reports.download(request.ctx, request.params.kind, request.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body) as unknown as void;
  });
};
