import type { FastifyPluginAsync } from 'fastify';
import { refillRequestsApi } from '../../../contracts/refill-requests';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { RefillRequestsService } from './refill-requests.service';

// A patient requests refills of their own medications (no patient id in the path: only the
// caller's medication is found); the list reads like the medication list, scoped.
const REQUESTER: RouteAccess = { roles: ['patient'] };
// The prescriber decides: a doctor, on requests addressed to them.
const PRESCRIBER: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medications.prescribe', 'medications.update'] } };
const READER: RouteAccess = { permissions: { anyOf: ['medications.view.all', 'patients.view.own'] } };

export const refillRequestsRoutes: FastifyPluginAsync<{ refillRequests: RefillRequestsService }> = async (app, { refillRequests }) => {
  route(app, refillRequestsApi.create, { access: REQUESTER, rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => ({
    data: await refillRequests.request(request.ctx, request.params.id, request.body),
  }));

  route(app, refillRequestsApi.pending, { access: PRESCRIBER }, async (request) => ({
    data: await refillRequests.pending(request.ctx),
  }));

  route(app, refillRequestsApi.decide, { access: PRESCRIBER, beforeValidation: uuidParam() }, async (request) => ({
    data: await refillRequests.decide(request.ctx, request.params.id, request.body),
  }));

  route(app, refillRequestsApi.listForPatient, { access: READER }, (request) =>
    refillRequests.listForPatient(request.ctx, request.params.id),
  );
};
