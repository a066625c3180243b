import type { FastifyPluginAsync } from 'fastify';
import { appointmentsApi } from '../../../contracts/appointments';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { AppointmentsService } from './appointments.service';

// The appointment lists. Patients and doctors hold patients.view.own by role and see their own;
// staff need appointments.view.all. Whose appointments is decided by the caller's scope, and
// anything outside it answers 404.
const ACCESS: RouteAccess = { permissions: { anyOf: ['appointments.view.all', 'patients.view.own'] } };
/** A doctor's schedule is for that doctor and the people running the schedule, not for patients. */
const DOCTOR_SCHEDULE_ACCESS: RouteAccess = {
  roles: ['doctor', 'staff', 'admin'],
  permissions: { anyOf: ['appointments.view.all', 'patients.view.own'] },
};

export const appointmentsRoutes: FastifyPluginAsync<{ appointments: AppointmentsService }> = async (app, { appointments }) => {
  route(app, appointmentsApi.list, { access: ACCESS }, (request) => appointments.listOwn(request.ctx, request.query));
  route(app, appointmentsApi.today, { access: ACCESS }, (request) => appointments.today(request.ctx, request.query));
  route(app, appointmentsApi.forPatient, { access: ACCESS }, (request) =>
    appointments.listForPatient(request.ctx, request.params.id, request.query),
  );
  route(app, appointmentsApi.forDoctor, { access: DOCTOR_SCHEDULE_ACCESS }, (request) =>
    appointments.listForDoctor(request.ctx, request.params.id, request.query),
  );
};
