import { type DocumentCategory, type DocumentItem, type DocumentListResponse, type DocumentRefusal } from '../../../contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../contracts/health-records';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { checkIncomingFile, uploadRefusal, type IncomingFile } from '../../platform/uploads';
import { DocumentsRepository, type DocumentListRow } from './documents.repository';

// Records and documents. A patient lists, downloads, uploads and deletes their own
// uploads; clinicians do the same for the patients in their care with medical_records.* (their
// uploads are clinical documents, which nobody deletes here: they are part of the record). Reach
// and audit are the repository's: every request is one audit event under the patient, a refused
// one too, attributed to nobody when the record is out of reach.

export interface CallerRights {
  /** medical_records.create: may file clinical documents for patients in reach. */
  mayFileClinical: boolean;
  /** medical_records.delete: may remove a patient's upload (a misfiled one) for patients in reach. */
  mayDeleteUploads: boolean;
}

export type UploadInput = { category?: string; file?: IncomingFile; refusal?: DocumentRefusal };

export class DocumentsService {
  constructor(private readonly uow: UnitOfWork) {}

  /** 404 unless the patient is in the caller's reach: asked before an upload's body is read. */
  reach(ctx: AccessContext, patientId: string): Promise<void> {
    return this.uow.read(ctx, (work) => work.use(DocumentsRepository).reach(patientId, 'document.upload'));
  }

  list(
    ctx: AccessContext,
    patientId: string,
    query: { category?: DocumentCategory; page: number; pageSize: number },
  ): Promise<DocumentListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, counts } = await work.use(DocumentsRepository).list(patientId, query);
      const byCategory = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, 0])) as Record<DocumentCategory, number>;
      for (const { category, n } of counts) byCategory[category] = n;
      const total = query.category ? byCategory[query.category] : Object.values(byCategory).reduce((a, b) => a + b, 0);
      const rights = await rightsOf(ctx);
      return {
        data: rows.map((row) => toItem(row, ctx, rights)),
        page: query.page,
        pageSize: query.pageSize,
        total,
        counts: byCategory,
      };
    });
  }

  /** The bytes of one document, for a download. */
  content(ctx: AccessContext, documentId: string) {
    return this.uow.read(ctx, (work) => work.use(DocumentsRepository).content(documentId));
  }

  upload(ctx: AccessContext, patientId: string, input: UploadInput): Promise<{ data: DocumentItem }> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(DocumentsRepository);
      await repository.reach(patientId, 'document.upload');
      const isPatient = ctx.user.role === 'patient';
      const rights = await rightsOf(ctx);
      if (!isPatient && !rights.mayFileClinical) {
        repository.refusedUpload(patientId, 'forbidden');
        throw new AppError('FORBIDDEN', 'You may not add documents to this record.');
      }
      const refuse = (reason: DocumentRefusal): never => {
        repository.refusedUpload(patientId, reason);
        throw uploadRefusal(reason, reason === 'category-invalid' ? 'category' : 'file');
      };
      if (input.refusal) return refuse(input.refusal);
      const category = DOCUMENT_CATEGORIES.find((c) => c === input.category);
      if (!category) return refuse('category-invalid');
      if (!input.file) return refuse('file-required');
      const checked = checkIncomingFile(input.file);
      if (!checked.ok) return refuse(checked.reason);
      const { filename, mimeType, bytes } = checked.file;
      const row = await repository.insert(
        {
          patientId,
          category,
          filename,
          mimeType,
          sizeBytes: bytes.length,
          origin: isPatient ? 'patient' : 'clinical',
          uploadedBy: ctx.user.userId,
        },
        bytes,
      );
      return { data: toItem(row, ctx, rights) };
    });
  }

  /**
   * A clinical document filed for an order's report, inside the orders area's write: the same checks
   * as any upload, refused the same way. The patient sees it once the order is released.
   */
  async attachIn(
    work: Work,
    values: { patientId: string; orderId: string; category: DocumentCategory; file?: IncomingFile; refusal?: DocumentRefusal },
  ): Promise<{ id: string }> {
    const repository = work.use(DocumentsRepository);
    const refuse = (reason: DocumentRefusal): never => {
      repository.refusedUpload(values.patientId, reason);
      throw uploadRefusal(reason, 'file');
    };
    if (values.refusal) return refuse(values.refusal);
    if (!values.file) return refuse('file-required');
    const checked = checkIncomingFile(values.file);
    if (!checked.ok) return refuse(checked.reason);
    const { filename, mimeType, bytes } = checked.file;
    const row = await repository.insert(
      {
        patientId: values.patientId,
        orderId: values.orderId,
        category: values.category,
        filename,
        mimeType,
        sizeBytes: bytes.length,
        origin: 'clinical',
        uploadedBy: work.ctx.user.userId,
      },
      bytes,
    );
    return { id: row.id };
  }

  remove(ctx: AccessContext, documentId: string): Promise<void> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(DocumentsRepository);
      const row = await repository.changeable(documentId, 'document.delete');
      if (!mayDelete(row, ctx, await rightsOf(ctx))) {
        repository.refusedDelete(row);
        throw new AppError(
          'FORBIDDEN',
          row.origin === 'clinical'
            ? 'Documents from your care team are part of your medical record and cannot be deleted.'
            : 'You may not delete this document.',
        );
      }
      await repository.delete(row);
    });
  }
}

async function rightsOf(ctx: AccessContext): Promise<CallerRights> {
  return { mayFileClinical: await ctx.can('medical_records.create'), mayDeleteUploads: await ctx.can('medical_records.delete') };
}

/** Clinical documents stay; a patient's upload goes at the patient's wish, or a records clerk's. */
function mayDelete(row: DocumentListRow, ctx: AccessContext, rights: CallerRights): boolean {
  if (row.origin !== 'patient') return false;
  if (ctx.user.role === 'patient') return row.patientId === ctx.user.userId;
  return rights.mayDeleteUploads;
}

function toItem(row: DocumentListRow, ctx: AccessContext, rights: CallerRights): DocumentItem {
  const uploader =
    row.uploadedBy && row.uploaderFirstName !== null
      ? {
          id: row.uploadedBy,
          firstName: row.uploaderFirstName,
          lastName: row.uploaderLastName ?? '',
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
    canDelete: mayDelete(row, ctx, rights),
  };
}
