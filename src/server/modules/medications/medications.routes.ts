import type { FastifyPluginAsync } from 'fastify';
import { medicationsApi } from '../../../contracts/medications';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { MedicationsService } from './medications.service';

// The medication view for non-prescribers: medications.view.all or patients.view.own. Whose
// medications is decided by the caller's scope; anything outside it answers 404.
const ACCESS: RouteAccess = { permissions: { anyOf: ['medications.view.all', 'patients.view.own'] } };

export const medicationsRoutes: FastifyPluginAsync<{ medications: MedicationsService }> = async (app, { medications }) => {
  route(app, medicationsApi.listForPatient, { access: ACCESS }, (request) =>
    medications.listForPatient(request.ctx, request.params.id, request.query.status),
  );
};
