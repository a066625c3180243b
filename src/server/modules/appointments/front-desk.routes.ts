import type { FastifyPluginAsync } from 'fastify';
import { frontDeskApi } from '../../../contracts/front-desk';
import type { Permission } from '../../../contracts/permission-catalogue';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { BookingService } from './booking.service';
import type { FrontDeskService } from './front-desk.service';

// The front desk: staff (and admins) work on the clinic's appointments, each step with its own
// permission; patients and doctors never reach these routes. Which appointments is decided by the
// caller's reach (front-desk.repository.ts): anything outside it answers 404 like a missing one.
const desk = (...anyOf: Permission[]): RouteAccess => ({ roles: ['staff', 'admin'], permissions: { anyOf } });

const READ = desk('appointments.view.all');
const DECIDE = desk('appointments.update');
const BOOK = desk('appointments.create');
const MOVE = desk('appointments.reschedule');
/** Cancelling at the desk is part of running the schedule (update) as much as of removing (delete). */
const CANCEL = desk('appointments.update', 'appointments.delete');
const ARRIVE = desk('appointments.update');
const ID_FIRST = { beforeValidation: uuidParam() };

export const frontDeskRoutes: FastifyPluginAsync<{ frontDesk: FrontDeskService; booking: BookingService }> = async (
  app,
  { frontDesk, booking },
) => {
  route(app, frontDeskApi.pending, { access: READ }, (request) => frontDesk.pending(request.ctx));

  route(app, frontDeskApi.approve, { access: DECIDE, ...ID_FIRST }, async (request) => ({
    data: await frontDesk.approve(request.ctx, request.params.id, request.body),
  }));

  route(app, frontDeskApi.decline, { access: DECIDE, ...ID_FIRST }, async (request) => ({
    data: await frontDesk.decline(request.ctx, request.params.id, request.body.reason),
  }));

  route(app, frontDeskApi.book, { access: BOOK }, async (request) => {
    const { patientId, ...input } = request.body;
    return { data: await booking.book(request.ctx, input, patientId) };
  });

  route(app, frontDeskApi.reschedule, { access: MOVE, ...ID_FIRST }, async (request) => ({
    data: await booking.reschedule(request.ctx, request.params.id, request.body, true),
  }));

  route(app, frontDeskApi.cancel, { access: CANCEL, ...ID_FIRST }, async (request) => ({
    data: await booking.cancel(request.ctx, request.params.id, request.body ?? {}, true),
  }));

  route(app, frontDeskApi.arrival, { access: ARRIVE, ...ID_FIRST }, async (request) => ({
    data: await frontDesk.arrival(request.ctx, request.params.id, request.body.action),
  }));
};
