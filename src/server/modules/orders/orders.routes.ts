import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ordersApi } from '../../../contracts/orders';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { OrdersService } from './orders.service';

// Orders are the clinicians'. A doctor places and releases them (release tells the patient, so it
// stays with doctors); collecting a sample and entering results are open to staff granted
// medical_records.update too (a nurse, the lab). Patients hold none of these: they read released
// results in their lab results. Which patients each caller reaches is the repository's scope, and an
// order or patient out of it answers 404 before the body is read.
const READ: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.view'] } };
const ORDER: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medical_records.create'] } };
const WORK: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.update'] } };
const RELEASE: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medical_records.update'] } };
const BODY_LIMIT = 32 * 1024;

export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService }> = async (app, { orders }) => {
  const reachBody = (request: FastifyRequest) => {
    const body = request.body as { patientId?: unknown } | undefined;
    // A patient out of reach answers 404 before the rest of the body is judged.
    return typeof body?.patientId === 'string' ? orders.reach(request.ctx, body.patientId) : undefined;
  };

  const reachOrder = (action: Parameters<OrdersService['reachOrder']>[2]) => async (request: FastifyRequest) => {
    uuidParam()(request);
    await orders.reachOrder(request.ctx, (request.params as { id: string }).id, action);
  };

  route(app, ordersApi.list, { access: ORDER }, (request) => orders.list(request.ctx, request.query));
  route(app, ordersApi.forPatient, { access: READ }, (request) => orders.forPatient(request.ctx, request.params.id));
  route(app, ordersApi.detail, { access: READ, beforeValidation: uuidParam() }, async (request) => ({
    data: await orders.detail(request.ctx, request.params.id),
  }));
  route(
    app,
    ordersApi.create,
    { access: ORDER, bodyLimit: BODY_LIMIT, rateLimit: { max: 60, timeWindow: '1 minute' }, beforeValidation: reachBody },
    async (request) => ({ data: await orders.create(request.ctx, request.body) }),
  );
  route(app, ordersApi.collect, { access: WORK, beforeValidation: reachOrder('order.collect') }, async (request) => ({
    data: await orders.collect(request.ctx, request.params.id, request.body),
  }));
  route(
    app,
    ordersApi.results,
    { access: WORK, bodyLimit: BODY_LIMIT, beforeValidation: reachOrder('order.results') },
    async (request) => ({
      data: await orders.enterResults(request.ctx, request.params.id, request.body),
    }),
  );
  route(app, ordersApi.release, { access: RELEASE, beforeValidation: reachOrder('order.release') }, async (request) => ({
    data: await orders.release(request.ctx, request.params.id, request.body),
  }));
  route(app, ordersApi.cancel, { access: ORDER, beforeValidation: reachOrder('order.cancel') }, async (request) => ({
    data: await orders.cancel(request.ctx, request.params.id, request.body),
  }));
};
