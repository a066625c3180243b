import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { patientChartApi } from '../../../contracts/patient-chart';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { ChartEntriesService } from './chart-entries.service';

// A clinician's changes to a chart. Patients never write here (403: they hold neither permission);
// doctors hold both by role, staff only when granted; whose chart is decided by the caller's scope,
// and a patient out of it answers 404 before the body is even validated, so a refusal tells
// nothing about the patient.
const CREATE: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.create'] } };
const UPDATE: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.update'] } };
const BODY_LIMIT = 16 * 1024;

export const chartEntriesRoutes: FastifyPluginAsync<{ chartEntries: ChartEntriesService }> = async (app, { chartEntries }) => {
  const reach = (action: Parameters<ChartEntriesService['reach']>[2]) => (request: FastifyRequest) =>
    chartEntries.reach(request.ctx, (request.params as { id: string }).id, action);
  const settings = (access: RouteAccess, action: Parameters<ChartEntriesService['reach']>[2]) => ({
    access,
    bodyLimit: BODY_LIMIT,
    beforeValidation: reach(action),
  });

  route(app, patientChartApi.recordVitals, settings(CREATE, 'vitals.record'), (request) =>
    chartEntries.recordVitals(request.ctx, request.params.id, request.body),
  );
  route(app, patientChartApi.addAllergy, settings(CREATE, 'allergy.create'), (request) =>
    chartEntries.addAllergy(request.ctx, request.params.id, request.body),
  );
  route(app, patientChartApi.updateAllergy, settings(UPDATE, 'allergy.update'), (request) =>
    chartEntries.updateAllergy(request.ctx, request.params.id, request.params.entryId, request.body),
  );
  route(app, patientChartApi.addProblem, settings(CREATE, 'problem.create'), (request) =>
    chartEntries.addProblem(request.ctx, request.params.id, request.body),
  );
  route(app, patientChartApi.updateProblem, settings(UPDATE, 'problem.update'), (request) =>
    chartEntries.updateProblem(request.ctx, request.params.id, request.params.entryId, request.body),
  );
  route(app, patientChartApi.addImmunization, settings(CREATE, 'immunization.create'), (request) =>
    chartEntries.addImmunization(request.ctx, request.params.id, request.body),
  );
  route(app, patientChartApi.updateImmunization, settings(UPDATE, 'immunization.update'), (request) =>
    chartEntries.updateImmunization(request.ctx, request.params.id, request.params.entryId, request.body),
  );
};
