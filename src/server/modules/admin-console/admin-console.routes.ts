import type { FastifyPluginAsync } from 'fastify';
import { adminConsoleApi } from '../../../contracts/admin-console';
import { analyticsApi } from '../../../contracts/analytics';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { AdminConsoleService } from './admin-console.service';
import type { AnalyticsService } from './analytics.service';

// The admin console's routes. HTTP shape only. Administrators pass every permission check; staff
// reach a part only with its permission: the home with system.admin, the security view, unlocking
// and sessions with security.alerts, the roles view with users.view.all or users.permissions,
// analytics with reports.view.all.
const ACCESS = {
  home: { permissions: { anyOf: ['system.admin'] } },
  security: { permissions: { anyOf: ['security.alerts'] } },
  roles: { permissions: { anyOf: ['users.view.all', 'users.permissions'] } },
  analytics: { permissions: { anyOf: ['reports.view.all'] } },
} satisfies Record<string, RouteAccess>;

export const adminConsoleRoutes: FastifyPluginAsync<{ adminConsole: AdminConsoleService; analytics: AnalyticsService }> = async (
  app,
  { adminConsole, analytics },
) => {
  route(app, adminConsoleApi.dashboardStats, { access: ACCESS.home }, async (request) => ({
    data: await adminConsole.dashboardStats(request.ctx),
  }));
  route(app, adminConsoleApi.security, { access: ACCESS.security }, async (request) => ({
    data: await adminConsole.security(request.ctx),
  }));
  route(app, adminConsoleApi.unlock, { access: ACCESS.security }, async (request) => ({
    data: await adminConsole.unlock(request.ctx, request.body.userId),
  }));
  route(app, adminConsoleApi.sessions, { access: ACCESS.security }, (request) => adminConsole.sessions(request.ctx, request.query));
  route(app, adminConsoleApi.endSessions, { access: ACCESS.security, beforeValidation: uuidParam() }, async (request) => ({
    data: await adminConsole.endSessions(request.ctx, request.params.id),
  }));
  route(app, adminConsoleApi.roles, { access: ACCESS.roles }, async (request) => ({ data: await adminConsole.roles(request.ctx) }));
  route(app, analyticsApi.overview, { access: ACCESS.analytics }, async (request) => ({
    data: await analytics.overview(request.ctx, request.query),
  }));
};
