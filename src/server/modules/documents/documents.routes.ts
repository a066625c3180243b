import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MAX_BYTES,
  documentListQuerySchema,
  documentListResponseSchema,
  documentResponseSchema,
} from '../../../contracts/documents';
import { permissionsOf, satisfies, type RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import { patientScopeOf } from '../../platform/patient-scope';
import { attachmentDisposition } from './document-filename';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService, type CallerRights, type UploadInput } from './documents.service';

// Records and documents (issue 7 item 7, spec §6 medical_records.*). Whose record is decided by the
// scope: a patient reaches only themself, a doctor the patients in their care, staff per grants.
// Uploads are multipart, so this plugin alone registers @fastify/multipart: the rest of the API
// stays JSON-only. CSRF is checked in preValidation, before the handler reads a byte of the file.

const READ: RouteAccess = { permissions: { anyOf: ['medical_records.view', 'patients.view.own'] } };
const UPLOAD: RouteAccess = { permissions: { anyOf: ['medical_records.create', 'patients.view.own'] } };
const DELETE: RouteAccess = { permissions: { anyOf: ['medical_records.delete', 'patients.view.own'] } };

const idParams = z.object({ id: z.string() });

async function rightsOf(request: FastifyRequest): Promise<CallerRights> {
  const held = await permissionsOf(request);
  const role = request.session!.role;
  return {
    mayFileClinical: satisfies(role, held, { anyOf: ['medical_records.create'] }),
    mayDeleteUploads: satisfies(role, held, { anyOf: ['medical_records.delete'] }),
  };
}

/** Reads the form: the category field and the one file, or why it cannot be taken. */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  const input: UploadInput = {};
  try {
    // preservePath: busboy would cut a name like "../../x.pdf" down silently; the check refuses it instead.
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || input.file) {
          part.file.resume();
          continue;
        }
        input.file = { filename: part.filename, declaredType: part.mimetype, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'category' && typeof part.value === 'string') {
        input.category = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { ...input, file: undefined, refusal: 'too-large' };
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  return input;
}

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new DocumentsService(new DocumentsRepository(app.db), app.audit);

  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });

  app.get(
    '/api/patients/:id/documents',
    {
      config: { access: READ },
      schema: { params: idParams, querystring: documentListQuerySchema, response: { 200: documentListResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.list(
        await patientScopeOf(request),
        await rightsOf(request),
        request.params.id,
        request.query,
        requestAuditContext(request),
      );
    },
  );

  app.post(
    '/api/patients/:id/documents',
    { config: { access: UPLOAD }, schema: { params: idParams, response: { 201: documentResponseSchema } } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const scope = await patientScopeOf(request);
      const context = requestAuditContext(request);
      // Reach first: a foreign id answers 404 whatever the body is, before a byte of it is read.
      await service.reach(scope, request.params.id, 'document.upload', context);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data.');
      const input = await readUpload(request);
      const data = await service.upload(scope, await rightsOf(request), request.params.id, input, context);
      return reply.code(201).send({ data });
    },
  );

  // The bytes, always as an attachment: never rendered by the browser in our origin, whatever they hold.
  app.get('/api/documents/:id/content', { config: { access: READ }, schema: { params: idParams } }, async (request, reply) => {
    if (!isUuid(request.params.id)) throw AppError.notFound();
    const found = await service.content(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    return reply
      .header('content-type', found.mimeType)
      .header('content-disposition', attachmentDisposition(found.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'no-store')
      .header('content-length', found.content.length)
      .send(found.content);
  });

  app.delete('/api/documents/:id', { config: { access: DELETE }, schema: { params: idParams } }, async (request, reply) => {
    if (!isUuid(request.params.id)) throw AppError.notFound();
    await service.remove(await patientScopeOf(request), await rightsOf(request), request.params.id, requestAuditContext(request));
    return reply.code(204).send();
  });
};
