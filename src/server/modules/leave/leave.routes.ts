import type { FastifyPluginAsync } from 'fastify';
import { leaveApi } from '../../../contracts/leave';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { LeaveService } from './leave.service';

// A doctor edits their own hours, asks for and withdraws their own leave, and takes coverage offers;
// an administrator lists every request and decides. Nobody names another doctor in a path: each
// doctor's own comes from the session.
const DOCTOR: RouteAccess = { roles: ['doctor'] };
const LIST: RouteAccess = { roles: ['doctor', 'admin'] };
const ADMIN: RouteAccess = { roles: ['admin'] };
const WRITES = { max: 60, timeWindow: '1 minute' };

export const leaveRoutes: FastifyPluginAsync<{ leave: LeaveService }> = async (app, { leave }) => {
  route(app, leaveApi.availability, { access: DOCTOR }, async (request) => ({ data: await leave.availability(request.ctx) }));
  route(app, leaveApi.updateAvailability, { access: DOCTOR, rateLimit: WRITES }, async (request) => ({
    data: await leave.updateAvailability(request.ctx, request.body),
  }));
  route(app, leaveApi.list, { access: LIST }, (request) => leave.list(request.ctx, request.query));
  route(app, leaveApi.create, { access: DOCTOR, rateLimit: WRITES }, async (request) => ({
    data: await leave.create(request.ctx, request.body),
  }));
  route(app, leaveApi.withdraw, { access: DOCTOR, beforeValidation: uuidParam() }, async (request) => ({
    data: await leave.withdraw(request.ctx, request.params.id),
  }));
  route(app, leaveApi.decide, { access: ADMIN, beforeValidation: uuidParam() }, async (request) => ({
    data: await leave.decide(request.ctx, request.params.id, request.body),
  }));
  route(app, leaveApi.coverage, { access: DOCTOR }, (request) => leave.coverage(request.ctx));
  route(app, leaveApi.myCoverage, { access: DOCTOR }, (request) => leave.myCoverage(request.ctx));
  route(app, leaveApi.accept, { access: DOCTOR, beforeValidation: uuidParam() }, async (request) => ({
    data: await leave.accept(request.ctx, request.params.id),
  }));
};
