import type { FastifyPluginAsync } from 'fastify';
import { prescribingApi } from '../../../contracts/prescribing';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { PrescribingService } from './prescribing.service';

// Prescribing is a doctor's: medications.prescribe to write or renew, medications.discontinue (or
// update) to stop. The list of a doctor's prescriptions opens to administrators too, who hold every
// permission; which patients each caller reaches is the repository's scope.
const PRESCRIBE: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medications.prescribe'] } };
const DISCONTINUE: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medications.discontinue', 'medications.update'] } };
const LIST: RouteAccess = { roles: ['doctor', 'admin'], permissions: { anyOf: ['medications.prescribe', 'medications.update'] } };

export const prescribingRoutes: FastifyPluginAsync<{ prescribing: PrescribingService }> = async (app, { prescribing }) => {
  route(app, prescribingApi.listForDoctor, { access: LIST }, (request) =>
    prescribing.listForDoctor(request.ctx, request.params.id, request.query),
  );
  route(app, prescribingApi.check, { access: PRESCRIBE }, async (request) => ({
    data: await prescribing.check(request.ctx, request.body),
  }));
  route(app, prescribingApi.prescribe, { access: PRESCRIBE, rateLimit: { max: 60, timeWindow: '1 minute' } }, async (request) => ({
    data: await prescribing.prescribe(request.ctx, request.body),
  }));
  route(app, prescribingApi.discontinue, { access: DISCONTINUE, beforeValidation: uuidParam() }, async (request) => ({
    data: await prescribing.discontinue(request.ctx, request.params.id, request.body.reason),
  }));
  route(app, prescribingApi.renew, { access: PRESCRIBE, beforeValidation: uuidParam() }, async (request) => ({
    data: await prescribing.renew(request.ctx, request.params.id, request.body),
  }));
};
