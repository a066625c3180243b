import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, documentsApi } from '../../../contracts/documents';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { route } from '../../platform/route';
import { isFileTooLarge, sendStoredFile } from '../../platform/uploads';
import type { DocumentsService, UploadInput } from './documents.service';

// Records and documents (the medical_records.* permissions). Whose record is decided by the
// scope: a patient reaches only themself, a doctor the patients in their care, staff per grants.
// Uploads are multipart, so this plugin alone registers @fastify/multipart: the rest of the API
// stays JSON-only. CSRF is checked in preValidation, before the handler reads a byte of the file.

const READ: RouteAccess = { permissions: { anyOf: ['medical_records.view', 'patients.view.own'] } };
const UPLOAD: RouteAccess = { permissions: { anyOf: ['medical_records.create', 'patients.view.own'] } };
const DELETE: RouteAccess = { permissions: { anyOf: ['medical_records.delete', 'patients.view.own'] } };

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
    if (isFileTooLarge(error)) return { ...input, file: undefined, refusal: 'too-large' };
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  return input;
}

export const documentsRoutes: FastifyPluginAsync<{ documents: DocumentsService }> = async (app, { documents }) => {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });

  route(app, documentsApi.list, { access: READ }, (request) => documents.list(request.ctx, request.params.id, request.query));

  route(app, documentsApi.upload, { access: UPLOAD }, async (request) => {
    // Reach first: a foreign id answers 404 whatever the body is, before a byte of it is read.
    await documents.reach(request.ctx, request.params.id);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data.');
    const input = await readUpload(request);
    return documents.upload(request.ctx, request.params.id, input);
  });

  // The bytes, always as an attachment: never rendered by the browser in our origin, whatever they hold.
  route(app, documentsApi.content, { access: READ }, async (request, reply) => {
    const found = await documents.content(request.ctx, request.params.id);
    return sendStoredFile(reply, found) as unknown as void;
  });

  route(app, documentsApi.remove, { access: DELETE }, (request) => documents.remove(request.ctx, request.params.id));
};
