import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DocumentRefusal } from '../../../contracts/documents';
import { DOCUMENT_MAX_BYTES } from '../../../contracts/documents';
import { ordersApi } from '../../../contracts/orders';
import { RESULT_FILE_MAX_CHARS } from '../../../contracts/result-import';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { route, uuidParam } from '../../platform/route';
import { isFileTooLarge, type IncomingFile } from '../../platform/uploads';
import type { OrdersService } from './orders.service';

// Orders are the clinicians'. A doctor places and releases them (release tells the patient, so it
// stays with doctors); collecting a sample, entering or importing results and attaching a report's
// documents are open to staff granted medical_records.update too (a nurse, the lab). Patients hold none of these: they read released
// results in their lab results, and their imaging reports and referral replies once released. Which
// patients each caller reaches is the repository's scope, and an order or patient out of it answers
// 404 before the body is read.
const READ: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.view'] } };
const ORDER: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medical_records.create'] } };
const WORK: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.update'] } };
const RELEASE: RouteAccess = { roles: ['doctor'], permissions: { anyOf: ['medical_records.update'] } };
const REPORTS: RouteAccess = { permissions: { anyOf: ['medical_records.view', 'patients.view.own'] } };
const BODY_LIMIT = 32 * 1024;
/** A results file of RESULT_FILE_MAX_CHARS characters, each at worst a six-character JSON escape. */
const IMPORT_BODY_LIMIT = RESULT_FILE_MAX_CHARS * 6 + 1024;

/** The one `file` of an attachment's form, or why it cannot be taken. */
async function readAttachment(request: FastifyRequest): Promise<{ file?: IncomingFile; refusal?: DocumentRefusal }> {
  let file: IncomingFile | undefined;
  try {
    // preservePath: busboy would cut a name like "../../x.pdf" down silently; the check refuses it instead.
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      file = { filename: part.filename, declaredType: part.mimetype, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (isFileTooLarge(error)) return { refusal: 'too-large' };
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  return { file };
}

export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService }> = async (app, { orders }) => {
  const reachBody = (request: FastifyRequest) => {
    const body = request.body as { patientId?: unknown } | undefined;
    // A patient out of reach answers 404 before the rest of the body is judged.
    return typeof body?.patientId === 'string' ? orders.reach(request.ctx, body.patientId) : undefined;
  };

  const reachOrder = (action: Parameters<OrdersService['reachOrder']>[2]) => async (request: FastifyRequest) => {
    uuidParam()(request);
    await orders.reachOrder(request.ctx, (request.params as { id: string }).id, action);
  };

  route(app, ordersApi.reports, { access: REPORTS, beforeValidation: uuidParam() }, (request) =>
    orders.reports(request.ctx, request.params.id),
  );
  // Multipart in a scope of its own: only the attachment takes it, every other orders route stays JSON-only.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 } });
    route(
      scoped,
      ordersApi.attach,
      { access: WORK, rateLimit: { max: 30, timeWindow: '1 minute' }, beforeValidation: reachOrder('order.attach') },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data.');
        return { data: await orders.attach(request.ctx, request.params.id, await readAttachment(request)) };
      },
    );
  });
  route(app, ordersApi.list, { access: ORDER }, (request) => orders.list(request.ctx, request.query));
  route(app, ordersApi.forPatient, { access: READ }, (request) => orders.forPatient(request.ctx, request.params.id));
  route(app, ordersApi.detail, { access: READ, beforeValidation: uuidParam() }, async (request) => ({
    data: await orders.detail(request.ctx, request.params.id),
  }));
  route(
    app,
    ordersApi.create,
    { access: ORDER, bodyLimit: BODY_LIMIT, rateLimit: { max: 60, timeWindow: '1 minute' }, beforeValidation: reachBody },
    async (request) => ({ data: await orders.create(request.ctx, request.body) }),
  );
  route(app, ordersApi.collect, { access: WORK, beforeValidation: reachOrder('order.collect') }, async (request) => ({
    data: await orders.collect(request.ctx, request.params.id, request.body),
  }));
  route(
    app,
    ordersApi.results,
    { access: WORK, bodyLimit: BODY_LIMIT, beforeValidation: reachOrder('order.results') },
    async (request) => ({
      data: await orders.enterResults(request.ctx, request.params.id, request.body),
    }),
  );
  // A results file is read as JSON text: bounded by the contract (characters) and here (bytes, escapes included).
  route(
    app,
    ordersApi.importPreview,
    {
      access: WORK,
      bodyLimit: IMPORT_BODY_LIMIT,
      rateLimit: { max: 60, timeWindow: '1 minute' },
      beforeValidation: reachOrder('order.import-preview'),
    },
    async (request) => ({ data: await orders.previewImport(request.ctx, request.params.id, request.body) }),
  );
  route(
    app,
    ordersApi.importResults,
    {
      access: WORK,
      bodyLimit: IMPORT_BODY_LIMIT,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      beforeValidation: reachOrder('order.import'),
    },
    async (request) => ({ data: await orders.importResults(request.ctx, request.params.id, request.body) }),
  );
  route(app, ordersApi.release, { access: RELEASE, beforeValidation: reachOrder('order.release') }, async (request) => ({
    data: await orders.release(request.ctx, request.params.id, request.body),
  }));
  route(app, ordersApi.cancel, { access: ORDER, beforeValidation: reachOrder('order.cancel') }, async (request) => ({
    data: await orders.cancel(request.ctx, request.params.id, request.body),
  }));
};
