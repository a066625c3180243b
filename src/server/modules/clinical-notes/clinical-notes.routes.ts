import type { FastifyPluginAsync } from 'fastify';
import { clinicalNotesApi } from '../../../contracts/clinical-notes';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { ClinicalNotesService } from './clinical-notes.service';

// Clinical and visit notes and their templates: doctors only. Which notes and patients a doctor
// reaches is the service's (their patients in care; another doctor's drafts never).
const DOCTORS: RouteAccess = { roles: ['doctor'] };

export const clinicalNotesRoutes: FastifyPluginAsync<{ clinicalNotes: ClinicalNotesService }> = async (app, { clinicalNotes }) => {
  route(app, clinicalNotesApi.list, { access: DOCTORS }, (request) => clinicalNotes.list(request.ctx, request.query));
  route(app, clinicalNotesApi.create, { access: DOCTORS }, (request) => clinicalNotes.create(request.ctx, request.body));
  route(app, clinicalNotesApi.get, { access: DOCTORS }, (request) => clinicalNotes.get(request.ctx, request.params.id));
  route(app, clinicalNotesApi.save, { access: DOCTORS, beforeValidation: uuidParam() }, (request) =>
    clinicalNotes.save(request.ctx, request.params.id, request.body),
  );
  route(app, clinicalNotesApi.sign, { access: DOCTORS, beforeValidation: uuidParam() }, (request) =>
    clinicalNotes.sign(request.ctx, request.params.id, request.body.version),
  );
  route(app, clinicalNotesApi.addendum, { access: DOCTORS, beforeValidation: uuidParam() }, (request) =>
    clinicalNotes.addAddendum(request.ctx, request.params.id, request.body.text),
  );
  route(app, clinicalNotesApi.templates, { access: DOCTORS }, (request) => clinicalNotes.templates(request.ctx, request.query.specialty));
  route(app, clinicalNotesApi.createTemplate, { access: DOCTORS }, (request) => clinicalNotes.createTemplate(request.ctx, request.body));
  route(app, clinicalNotesApi.updateTemplate, { access: DOCTORS, beforeValidation: uuidParam() }, (request) =>
    clinicalNotes.updateTemplate(request.ctx, request.params.id, request.body),
  );
};
