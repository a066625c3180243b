import type { FastifyPluginAsync } from 'fastify';
import { tasksApi } from '../../../contracts/tasks';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { TasksService } from './tasks.service';

// Tasks belong to the organisation's people (doctors, staff, administrators), each seeing only their own.
const ACCESS: RouteAccess = { roles: ['doctor', 'staff', 'admin'] };

export const tasksRoutes: FastifyPluginAsync<{ tasks: TasksService }> = async (app, { tasks }) => {
  route(app, tasksApi.list, { access: ACCESS }, (request) => tasks.list(request.ctx, request.query));
  route(app, tasksApi.count, { access: ACCESS }, (request) => tasks.openCount(request.ctx));
  route(app, tasksApi.create, { access: ACCESS, rateLimit: { max: 60, timeWindow: '1 minute' } }, async (request) => ({
    data: await tasks.create(request.ctx, request.body),
  }));
  route(app, tasksApi.update, { access: ACCESS, beforeValidation: uuidParam() }, async (request) => ({
    data: await tasks.update(request.ctx, request.params.id, request.body),
  }));
};
