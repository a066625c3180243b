import type { FastifyPluginAsync } from 'fastify';
import { patientsApi } from '../../../contracts/patients';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { PatientsDirectoryService } from './patients-directory.service';

// GET /api/patients (scoped, paged, searchable) and GET /api/patients/{id}. Staff need
// patients.view.all; doctors and patients hold patients.view.own by role and see their own.
const ACCESS: RouteAccess = { permissions: { anyOf: ['patients.view.all', 'patients.view.own'] } };

export const patientsDirectoryRoutes: FastifyPluginAsync<{ patientsDirectory: PatientsDirectoryService }> = async (
  app,
  { patientsDirectory },
) => {
  route(app, patientsApi.list, { access: ACCESS }, (request) => patientsDirectory.list(request.ctx, request.query));
  route(app, patientsApi.detail, { access: ACCESS }, (request) => patientsDirectory.read(request.ctx, request.params.id));
};
