import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DocumentCategory } from '../../../contracts/documents';
import type { Database } from '../../db/client';
import { documentContents, documents, users, type NewDocumentRow } from '../../db/schema';
import type { PatientScope } from '../../platform/patient-scope';

// Documents and their bytes. Every query is bound to the caller's scope: a document of a patient
// out of reach is not found, exactly like a missing one.

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

export type DocumentListRow = Awaited<ReturnType<DocumentsRepository['list']>>['rows'][number];

export class DocumentsRepository {
  constructor(private readonly db: Database) {}

  /** One patient's documents newest first, optionally one category; with the count per category. */
  async list(scope: PatientScope, patientId: string, query: { category?: DocumentCategory; page: number; pageSize: number }) {
    const reach = and(eq(documents.patientId, patientId), scope.condition(documents.patientId));
    const rows = await this.db
      .select(listColumns)
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(reach, query.category ? eq(documents.category, query.category) : undefined))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const counts = await this.db
      .select({ category: documents.category, n: sql<number>`count(*)::int` })
      .from(documents)
      .where(reach)
      .groupBy(documents.category);
    return { rows, counts };
  }

  async find(scope: PatientScope, documentId: string): Promise<DocumentListRow | undefined> {
    const [row] = await this.db
      .select(listColumns)
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(eq(documents.id, documentId), scope.condition(documents.patientId)));
    return row;
  }

  /** The document with its bytes, when in reach. */
  async content(scope: PatientScope, documentId: string) {
    const [row] = await this.db
      .select({
        id: documents.id,
        patientId: documents.patientId,
        filename: documents.filename,
        mimeType: documents.mimeType,
        content: documentContents.content,
      })
      .from(documents)
      .innerJoin(documentContents, eq(documentContents.storageKey, documents.storageKey))
      .where(and(eq(documents.id, documentId), scope.condition(documents.patientId)));
    return row;
  }

  /** The row and its bytes in one transaction: a document is never listed without content. */
  async insert(row: Omit<NewDocumentRow, 'storageKey'>, content: Buffer): Promise<string> {
    const storageKey = `documents/${row.patientId}/${randomUUID()}`;
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(documents)
        .values({ ...row, storageKey })
        .returning({ id: documents.id });
      await tx.insert(documentContents).values({ storageKey, content });
      return inserted!.id;
    });
  }

  /** Deletes the document (its bytes go with it, by the foreign key). */
  async delete(documentId: string): Promise<void> {
    await this.db.delete(documents).where(eq(documents.id, documentId));
  }
}
