import type { AuditActionCode } from '../../../contracts/audit';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentCategory } from '../../../contracts/documents';
import type { Role } from '../../../contracts/roles';
import { documentContents, documents, labOrders, users, type NewDocumentRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// Documents and their bytes. Every query is bound to the caller's scope: a document of a patient
// out of reach is not found, exactly like a missing one (noted without naming anyone). Every read
// and change is noted on the request's audit event under the patient.

const listColumns = {
  id: documents.id,
  patientId: documents.patientId,
  category: documents.category,
  filename: documents.filename,
  mimeType: documents.mimeType,
  sizeBytes: documents.sizeBytes,
  origin: documents.origin,
  uploadedBy: documents.uploadedBy,
  createdAt: documents.createdAt,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
  uploaderRole: users.role,
};

export interface DocumentListRow {
  id: string;
  patientId: string;
  category: DocumentCategory;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  origin: 'clinical' | 'patient';
  uploadedBy: string | null;
  createdAt: Date;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderRole: Role | null;
}

export class DocumentsRepository extends Repository {
  /**
   * What the caller may see of a patient's documents: a report's attachment stays the clinicians'
   * until its order is released to the patient, like the report itself.
   */
  private get visible(): SQL | undefined {
    if (this.scope.actor.role !== 'patient') return undefined;
    return or(
      isNull(documents.orderId),
      exists(
        this.db
          .select({ id: labOrders.id })
          .from(labOrders)
          .where(and(eq(labOrders.id, documents.orderId), sql`${labOrders.releasedAt} is not null`)),
      ),
    );
  }

  /** 404 unless the patient is in the caller's reach. */
  async reach(patientId: string, action: AuditActionCode): Promise<void> {
    await this.reachPatient(patientId, action);
  }

  /** One patient's documents newest first, optionally one category; with the count per category. */
  async list(patientId: string, query: { category?: DocumentCategory; page: number; pageSize: number }) {
    await this.reachPatient(patientId, 'document.list');
    const reach = and(eq(documents.patientId, patientId), this.scope.condition(documents.patientId), this.visible);
    const [rows, counts] = await Promise.all([
      this.db
        .select(listColumns)
        .from(documents)
        .leftJoin(users, eq(users.id, documents.uploadedBy))
        .where(and(reach, query.category ? eq(documents.category, query.category) : undefined))
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ category: documents.category, n: sql<number>`count(*)::int` })
        .from(documents)
        .where(reach)
        .groupBy(documents.category),
    ]);
    this.audit.read('document.list', 'patient', patientId, [patientId], { count: rows.length, category: query.category ?? null });
    return { rows, counts };
  }

  /** The document, for a change; 404 (noted as `action`) when missing or out of reach. */
  async changeable(documentId: string, action: AuditActionCode): Promise<DocumentListRow> {
    const row = await this.find(documentId);
    if (!row) {
      this.audit.missed(action, 'document', documentId);
      throw AppError.notFound();
    }
    return row;
  }

  /** The document with its bytes, for a download; 404 when missing or out of reach. */
  async content(documentId: string) {
    const [row] = isUuid(documentId)
      ? await this.db
          .select({
            id: documents.id,
            patientId: documents.patientId,
            filename: documents.filename,
            mimeType: documents.mimeType,
            content: documentContents.content,
          })
          .from(documents)
          .innerJoin(documentContents, eq(documentContents.storageKey, documents.storageKey))
          .where(and(eq(documents.id, documentId), this.scope.condition(documents.patientId), this.visible))
      : [];
    if (!row) {
      this.audit.missed('document.download', 'document', documentId);
      throw AppError.notFound();
    }
    this.audit.read('document.download', 'document', documentId, [row.patientId], { bytes: row.content.length });
    return row;
  }

  /** The row and its bytes, in the write's transaction: a document is never listed without content. */
  async insert(row: Omit<NewDocumentRow, 'storageKey'>, content: Buffer): Promise<DocumentListRow> {
    await this.reachPatient(row.patientId, 'document.upload');
    const storageKey = `documents/${row.patientId}/${randomUUID()}`;
    const [inserted] = await this.db
      .insert(documents)
      .values({ ...row, storageKey })
      .returning({ id: documents.id });
    await this.db.insert(documentContents).values({ storageKey, content });
    this.audit.note({
      action: 'document.upload',
      resourceType: 'document',
      resourceId: inserted!.id,
      patients: [row.patientId],
      details: { category: row.category, mimeType: row.mimeType, bytes: content.length },
    });
    return (await this.find(inserted!.id))!;
  }

  /** An upload refused for `reason` (the write throws after this): noted under the patient. */
  refusedUpload(patientId: string, reason: string): void {
    this.audit.note({
      action: 'document.upload',
      outcome: 'failure',
      resourceType: 'patient',
      resourceId: patientId,
      patients: [patientId],
      details: { reason },
    });
  }

  /** A delete the caller may not make (the write throws after this). */
  refusedDelete(row: DocumentListRow): void {
    this.audit.note({
      action: 'document.delete',
      outcome: 'denied',
      resourceType: 'document',
      resourceId: row.id,
      patients: [row.patientId],
      details: { origin: row.origin },
    });
  }

  /** Deletes the document (its bytes go with it, by the foreign key). */
  async delete(row: DocumentListRow): Promise<void> {
    await this.db.delete(documents).where(and(eq(documents.id, row.id), this.scope.condition(documents.patientId)));
    this.audit.note({
      action: 'document.delete',
      resourceType: 'document',
      resourceId: row.id,
      patients: [row.patientId],
      details: { category: row.category, origin: row.origin },
    });
  }

  private async find(documentId: string): Promise<DocumentListRow | undefined> {
    if (!isUuid(documentId)) return undefined;
    const [row] = await this.db
      .select(listColumns)
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(eq(documents.id, documentId), this.scope.condition(documents.patientId), this.visible));
    return row;
  }
}
