import type { FastifyPluginAsync } from 'fastify';
import { errorReportsApi } from '../../../contracts/error-reports';
import { route } from '../../platform/route';
import type { ErrorReportsService } from './error-reports.service';

// Errors happen before sign-in too (landing page, login), so reporting is public; the rate limit
// and the small body limit keep it from being a way to fill the database. It needs no CSRF token:
// a report changes no one's data, and the reporter must work when the rest of the app does not.
export const errorReportsRoutes: FastifyPluginAsync<{ errorReports: ErrorReportsService }> = async (app, { errorReports }) => {
  route(
    app,
    errorReportsApi.report,
    { access: 'public', csrf: false, rateLimit: { max: 30, timeWindow: '1 minute' }, bodyLimit: 32 * 1024 },
    (request) => errorReports.record(request.ctx, request.body),
  );

  // Administrators, and staff holding system.logs.
  route(app, errorReportsApi.systemLog, { access: { permissions: { anyOf: ['system.logs'] } } }, async (request) => ({
    data: await errorReports.systemLog(request.ctx, request.query),
  }));
};
