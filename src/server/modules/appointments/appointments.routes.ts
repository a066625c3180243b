import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentListQuerySchema,
  appointmentListResponseSchema,
  todayQuerySchema,
  todayResponseSchema,
} from '../../../contracts/appointments';
import type { FastifyRequest } from 'fastify';
import { permissionsOf, type RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import { patientScopeOf } from '../../platform/patient-scope';
import { AppointmentsRepository } from './appointments.repository';
import { AppointmentsService } from './appointments.service';

// Spec §7 appointment cache keys. Patients and doctors hold patients.view.own by role and see
// their own; staff need appointments.view.all. Whose appointments is decided by the scope, and
// anything outside it answers 404.
const ACCESS: RouteAccess = { permissions: { anyOf: ['appointments.view.all', 'patients.view.own'] } };
/** A doctor's schedule is for that doctor and the people running the schedule, not for patients. */
const DOCTOR_SCHEDULE_ACCESS: RouteAccess = {
  roles: ['doctor', 'staff', 'admin'],
  permissions: { anyOf: ['appointments.view.all', 'patients.view.own'] },
};

const idParams = z.object({ id: z.string() });

async function callerOf(request: FastifyRequest) {
  return { scope: await patientScopeOf(request), viewAll: (await permissionsOf(request)).has('appointments.view.all') };
}

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AppointmentsService(new AppointmentsRepository(app.db), app.audit);

  app.get(
    '/api/appointments',
    { config: { access: ACCESS }, schema: { querystring: appointmentListQuerySchema, response: { 200: appointmentListResponseSchema } } },
    async (request) => {
      const { scope, viewAll } = await callerOf(request);
      return service.listOwn(scope, viewAll, request.query, requestAuditContext(request));
    },
  );

  app.get(
    '/api/appointments/today',
    { config: { access: ACCESS }, schema: { querystring: todayQuerySchema, response: { 200: todayResponseSchema } } },
    async (request) => {
      const { scope, viewAll } = await callerOf(request);
      return service.today(scope, viewAll, request.query.timeZone, requestAuditContext(request));
    },
  );

  app.get(
    '/api/appointments/patient/:id',
    {
      config: { access: ACCESS },
      schema: { params: idParams, querystring: appointmentListQuerySchema, response: { 200: appointmentListResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const { scope, viewAll } = await callerOf(request);
      return service.listForPatient(scope, viewAll, request.params.id, request.query, requestAuditContext(request));
    },
  );

  app.get(
    '/api/appointments/doctor/:id',
    {
      config: { access: DOCTOR_SCHEDULE_ACCESS },
      schema: { params: idParams, querystring: appointmentListQuerySchema, response: { 200: appointmentListResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const { scope, viewAll } = await callerOf(request);
      return service.listForDoctor(scope, viewAll, request.params.id, request.query, requestAuditContext(request));
    },
  );
};
