import type { FastifyPluginAsync } from 'fastify';
import { healthRecordsApi } from '../../../contracts/health-records';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { HealthRecordsService } from './health-records.service';

// The patient's chart: /api/patients/{id}/complete and /vitals, lab results and allergies in the
// same style. Records are guarded by medical_records.view or patients.view.own; whose chart is
// decided by the caller's scope, and anything outside it answers 404.
const ACCESS: RouteAccess = { permissions: { anyOf: ['medical_records.view', 'patients.view.own'] } };

export const healthRecordsRoutes: FastifyPluginAsync<{ healthRecords: HealthRecordsService }> = async (app, { healthRecords }) => {
  route(app, healthRecordsApi.chart, { access: ACCESS }, (request) => healthRecords.chart(request.ctx, request.params.id));
  route(app, healthRecordsApi.vitals, { access: ACCESS }, (request) => healthRecords.vitals(request.ctx, request.params.id, request.query));
  route(app, healthRecordsApi.labResults, { access: ACCESS }, (request) => healthRecords.labResults(request.ctx, request.params.id));
  route(app, healthRecordsApi.allergies, { access: ACCESS }, (request) => healthRecords.allergies(request.ctx, request.params.id));
};
