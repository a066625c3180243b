import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allergyListResponseSchema,
  labResultListResponseSchema,
  patientChartResponseSchema,
  vitalListQuerySchema,
  vitalListResponseSchema,
} from '../../../contracts/health-records';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import { patientScopeOf } from '../../platform/patient-scope';
import { createAppointmentsService } from '../appointments/appointments.service';
import { createMedicationsService } from '../medications/medications.service';
import { HealthRecordsRepository } from './health-records.repository';
import { HealthRecordsService } from './health-records.service';

// The patient's chart (spec §7 /api/patients/{id}/complete and /vitals; lab results and allergies
// in the same style). Spec §6 guards records with medical_records.view or patients.view.own;
// whose chart is decided by the scope, and anything outside it answers 404.
const ACCESS: RouteAccess = { permissions: { anyOf: ['medical_records.view', 'patients.view.own'] } };

const idParams = z.object({ id: z.string() });

export const healthRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new HealthRecordsService(
    new HealthRecordsRepository(app.db),
    app.audit,
    createAppointmentsService(app.db, app.audit),
    createMedicationsService(app.db, app.audit),
  );

  app.get(
    '/api/patients/:id/complete',
    { config: { access: ACCESS }, schema: { params: idParams, response: { 200: patientChartResponseSchema } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.chart(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    },
  );

  app.get(
    '/api/patients/:id/vitals',
    {
      config: { access: ACCESS },
      schema: { params: idParams, querystring: vitalListQuerySchema, response: { 200: vitalListResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.vitals(await patientScopeOf(request), request.params.id, request.query, requestAuditContext(request));
    },
  );

  app.get(
    '/api/patients/:id/lab-results',
    { config: { access: ACCESS }, schema: { params: idParams, response: { 200: labResultListResponseSchema } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.labResults(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    },
  );

  app.get(
    '/api/patients/:id/allergies',
    { config: { access: ACCESS }, schema: { params: idParams, response: { 200: allergyListResponseSchema } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.allergies(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    },
  );
};
