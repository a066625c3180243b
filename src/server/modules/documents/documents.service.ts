import {
  checkDocumentFile,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_REFUSALS,
  DOCUMENT_SNIFF_BYTES,
  type DocumentCategory,
  type DocumentItem,
  type DocumentListResponse,
  type DocumentRefusal,
} from '../../../contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../contracts/health-records';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import { auditMissedRead, auditPatientReads, type ReadContext } from '../../platform/patient-read-audit';
import type { PatientScope } from '../../platform/patient-scope';
import { sanitiseFilename } from './document-filename';
import type { DocumentListRow, DocumentsRepository } from './documents.repository';

// Records and documents (issue 7 item 7). A patient lists, downloads, uploads and deletes their own
// uploads; clinicians do the same for the patients in their care with medical_records.* (their
// uploads are clinical documents, which nobody deletes here: they are part of the record). Every
// read and write is one audit event under the patient; a refused one too, attributed to nobody
// when the record is out of reach.

export interface CallerRights {
  /** medical_records.create: may file clinical documents for patients in reach. */
  mayFileClinical: boolean;
  /** medical_records.delete: may remove a patient's upload (a misfiled one) for patients in reach. */
  mayDeleteUploads: boolean;
}

export interface IncomingFile {
  filename: string;
  declaredType: string;
  bytes: Buffer;
}

export type UploadInput = { category?: string; file?: IncomingFile; refusal?: DocumentRefusal };

export class DocumentsService {
  constructor(
    private readonly repository: DocumentsRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(
    scope: PatientScope,
    rights: CallerRights,
    patientId: string,
    query: { category?: DocumentCategory; page: number; pageSize: number },
    context: ReadContext,
  ): Promise<DocumentListResponse> {
    await this.reach(scope, patientId, 'document.list', context);
    const { rows, counts } = await this.repository.list(scope, patientId, query);
    const byCategory = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, 0])) as Record<DocumentCategory, number>;
    for (const { category, n } of counts) byCategory[category] = n;
    const total = query.category ? byCategory[query.category] : Object.values(byCategory).reduce((a, b) => a + b, 0);
    await auditPatientReads(
      this.audit,
      context,
      {
        action: 'document.list',
        resourceType: 'patient',
        resourceId: patientId,
        details: { count: rows.length, category: query.category ?? null },
      },
      [patientId],
    );
    return { data: rows.map((row) => toItem(row, scope, rights)), page: query.page, pageSize: query.pageSize, total, counts: byCategory };
  }

  /** The bytes of one document, for a download. */
  async content(scope: PatientScope, documentId: string, context: ReadContext) {
    const found = await this.repository.content(scope, documentId);
    if (!found) {
      await auditMissedRead(this.audit, context, { action: 'document.download', resourceType: 'document', resourceId: documentId });
      throw AppError.notFound();
    }
    await auditPatientReads(
      this.audit,
      context,
      { action: 'document.download', resourceType: 'document', resourceId: documentId, details: { bytes: found.content.length } },
      [found.patientId],
    );
    return found;
  }

  async upload(
    scope: PatientScope,
    rights: CallerRights,
    patientId: string,
    input: UploadInput,
    context: ReadContext,
  ): Promise<DocumentItem> {
    await this.reach(scope, patientId, 'document.upload', context);
    const isPatient = scope.actor.role === 'patient';
    if (!isPatient && !rights.mayFileClinical) {
      await this.refused(context, patientId, 'forbidden');
      throw new AppError('FORBIDDEN', 'You may not add documents to this record.');
    }
    const refuse = async (reason: DocumentRefusal): Promise<never> => {
      await this.refused(context, patientId, reason);
      const message = DOCUMENT_REFUSALS[reason];
      const code =
        reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : reason === 'type-not-allowed' ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED';
      throw new AppError(code, message, { [reason === 'category-invalid' ? 'category' : 'file']: message });
    };
    if (input.refusal) return refuse(input.refusal);
    const category = DOCUMENT_CATEGORIES.find((c) => c === input.category);
    if (!category) return refuse('category-invalid');
    if (!input.file) return refuse('file-required');
    const { bytes } = input.file;
    const checked = checkDocumentFile({
      name: input.file.filename,
      declaredType: input.file.declaredType,
      size: bytes.length,
      head: bytes.subarray(0, DOCUMENT_SNIFF_BYTES),
    });
    if (!checked.ok) return refuse(checked.reason);
    const filename = sanitiseFilename(input.file.filename, DOCUMENT_EXTENSIONS[checked.mimeType][0]!);
    const id = await this.repository.insert(
      {
        patientId,
        category,
        filename,
        mimeType: checked.mimeType,
        sizeBytes: bytes.length,
        origin: isPatient ? 'patient' : 'clinical',
        uploadedBy: scope.actor.userId,
      },
      bytes,
    );
    await this.audit.record({
      ...context,
      action: 'document.upload',
      outcome: 'success',
      resourceType: 'document',
      resourceId: id,
      patientId,
      details: { category, mimeType: checked.mimeType, bytes: bytes.length },
    });
    const row = await this.repository.find(scope, id);
    return toItem(row!, scope, rights);
  }

  async remove(scope: PatientScope, rights: CallerRights, documentId: string, context: ReadContext): Promise<void> {
    const row = await this.repository.find(scope, documentId);
    if (!row) {
      await auditMissedRead(this.audit, context, { action: 'document.delete', resourceType: 'document', resourceId: documentId });
      throw AppError.notFound();
    }
    if (!mayDelete(row, scope, rights)) {
      await this.audit.record({
        ...context,
        action: 'document.delete',
        outcome: 'denied',
        resourceType: 'document',
        resourceId: documentId,
        patientId: row.patientId,
        details: { origin: row.origin },
      });
      throw new AppError(
        'FORBIDDEN',
        row.origin === 'clinical'
          ? 'Documents from your care team are part of your medical record and cannot be deleted.'
          : 'You may not delete this document.',
      );
    }
    await this.repository.delete(documentId);
    await this.audit.record({
      ...context,
      action: 'document.delete',
      outcome: 'success',
      resourceType: 'document',
      resourceId: documentId,
      patientId: row.patientId,
      details: { category: row.category, origin: row.origin },
    });
  }

  /** 404 (audited, attributed to nobody) unless the patient is in the caller's reach. */
  async reach(scope: PatientScope, patientId: string, action: string, context: ReadContext): Promise<void> {
    if (await scope.reaches(patientId)) return;
    await auditMissedRead(this.audit, context, { action, resourceType: 'patient', resourceId: patientId });
    throw AppError.notFound();
  }

  private refused(context: ReadContext, patientId: string, reason: string): Promise<void> {
    return this.audit.record({
      ...context,
      action: 'document.upload',
      outcome: 'failure',
      resourceType: 'patient',
      resourceId: patientId,
      patientId,
      details: { reason },
    });
  }
}

/** Clinical documents stay; a patient's upload goes at the patient's wish, or a records clerk's. */
function mayDelete(row: DocumentListRow, scope: PatientScope, rights: CallerRights): boolean {
  if (row.origin !== 'patient') return false;
  if (scope.actor.role === 'patient') return row.patientId === scope.actor.userId;
  return rights.mayDeleteUploads;
}

function toItem(row: DocumentListRow, scope: PatientScope, rights: CallerRights): DocumentItem {
  const uploader =
    row.uploadedBy && row.uploaderFirstName !== null
      ? {
          id: row.uploadedBy,
          name: `${row.uploaderRole === 'doctor' ? 'Dr. ' : ''}${row.uploaderFirstName} ${row.uploaderLastName}`,
          role: row.uploaderRole ?? 'patient',
        }
      : null;
  return {
    id: row.id,
    patientId: row.patientId,
    category: row.category,
    filename: row.filename,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    origin: row.origin,
    uploader,
    uploadedAt: row.createdAt.toISOString(),
    canDelete: mayDelete(row, scope, rights),
  };
}
