import type { FastifyPluginAsync } from 'fastify';
import { parkingApi } from '../../../contracts/parking';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { ParkingService } from './parking.service';

// The car park, for the desk: staff (and admins) who see the day's schedule read the lot; changing
// a spot is running the day, so it also needs appointments.update. Patients and doctors never
// reach these routes. An unknown or malformed spot id answers 404 before the body is read.
const READ: RouteAccess = { roles: ['staff', 'admin'], permissions: { anyOf: ['appointments.view.all'] } };
const STEP: RouteAccess = { roles: ['staff', 'admin'], permissions: { allOf: ['appointments.view.all', 'appointments.update'] } };
/**
 * The layout of the car park is the clinic's configuration, like its settings and clinic locations:
 * system.config, which administrators hold by role and no staff position template includes.
 */
const LAYOUT: RouteAccess = { permissions: { anyOf: ['system.config'] } };
const ID_FIRST = { beforeValidation: uuidParam() };

export const parkingRoutes: FastifyPluginAsync<{ parking: ParkingService }> = async (app, { parking }) => {
  route(app, parkingApi.spots, { access: READ }, (request) => parking.lot(request.ctx, request.query.date));

  route(app, parkingApi.assign, { access: STEP, ...ID_FIRST }, async (request) => ({
    data: await parking.assign(request.ctx, request.params.id, request.body.appointmentId),
  }));

  route(app, parkingApi.create, { access: LAYOUT }, async (request) => ({ data: await parking.add(request.ctx, request.body) }));

  route(app, parkingApi.update, { access: LAYOUT, ...ID_FIRST }, async (request) => ({
    data: await parking.edit(request.ctx, request.params.id, request.body),
  }));

  route(app, parkingApi.remove, { access: LAYOUT, ...ID_FIRST }, (request) => parking.remove(request.ctx, request.params.id));

  route(app, parkingApi.occupy, { access: STEP, ...ID_FIRST }, async (request) => ({
    data: await parking.occupy(request.ctx, request.params.id),
  }));

  route(app, parkingApi.release, { access: STEP, ...ID_FIRST }, async (request) => ({
    data: await parking.release(request.ctx, request.params.id),
  }));
};
