import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { patientDetailResponseSchema, patientListQuerySchema, patientListResponseSchema } from '../../../contracts/patient-directory';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { patientScopeOf } from '../../platform/patient-scope';
import { PatientsDirectoryRepository } from './patients-directory.repository';
import { PatientsDirectoryService } from './patients-directory.service';

// GET /api/patients (scoped, paged, searchable) and GET /api/patients/{id}. Staff need
// patients.view.all; doctors and patients hold patients.view.own by role and see their own.
const ACCESS: RouteAccess = { permissions: { anyOf: ['patients.view.all', 'patients.view.own'] } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const patientsDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PatientsDirectoryService(new PatientsDirectoryRepository(app.db), app.audit);

  app.get(
    '/api/patients',
    { config: { access: ACCESS }, schema: { querystring: patientListQuerySchema, response: { 200: patientListResponseSchema } } },
    async (request) => service.list(await patientScopeOf(request), request.query, requestAuditContext(request)),
  );

  app.get(
    '/api/patients/:id',
    {
      config: { access: ACCESS },
      schema: { params: z.object({ id: z.string() }), response: { 200: patientDetailResponseSchema } },
    },
    async (request) => {
      // A malformed id is as missing as an unknown one.
      if (!UUID.test(request.params.id)) throw AppError.notFound();
      return { data: await service.read(await patientScopeOf(request), request.params.id, requestAuditContext(request)) };
    },
  );
};
