import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { medicationListQuerySchema, medicationListResponseSchema } from '../../../contracts/medications';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import { patientScopeOf } from '../../platform/patient-scope';
import { MedicationsRepository } from './medications.repository';
import { MedicationsService } from './medications.service';

// Spec §6 guard of the medication view for non-prescribers: medications.view.all or
// patients.view.own. Whose medications is decided by the scope.
const ACCESS: RouteAccess = { permissions: { anyOf: ['medications.view.all', 'patients.view.own'] } };

export const medicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MedicationsService(new MedicationsRepository(app.db), app.audit);

  app.get(
    '/api/medications/patient/:id',
    {
      config: { access: ACCESS },
      schema: {
        params: z.object({ id: z.string() }),
        querystring: medicationListQuerySchema,
        response: { 200: medicationListResponseSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.listForPatient(await patientScopeOf(request), request.params.id, request.query.status, requestAuditContext(request));
    },
  );
};
