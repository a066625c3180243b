import { randomUUID } from 'node:crypto';
import { asc, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_REFUSALS,
  documentListResponseSchema,
  documentResponseSchema,
  type DocumentItem,
} from '../../../contracts/documents';
import { simplePdf } from '../../db/factories';
import { auditEvents, documentContents, documents } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { multipartBody, ONE_PIXEL_PNG, type FormPart } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Upload, list, download and delete of a patient's documents, with the content
// check, the download headers, the IDOR probes and the audit trail.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let billing: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  billing = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'billing.view'] });
  await assignCare(t.app, doctor.user.id, patient.user.id);
});

afterAll(async () => {
  await t.close();
});

function upload(actor: Actor, patientId: string, parts: readonly FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return actor.agent.request('POST', `/api/patients/${patientId}/documents`, payload, { headers });
}

function pdfParts(filename = 'blood test.pdf', content = simplePdf('Blood test'), category = 'lab-report'): FormPart[] {
  return [
    { name: 'category', value: category },
    { name: 'file', filename, type: 'application/pdf', content },
  ];
}

async function uploaded(actor: Actor, patientId: string, parts: readonly FormPart[] = pdfParts()): Promise<DocumentItem> {
  const response = await upload(actor, patientId, parts);
  expect(response.statusCode, response.body).toBe(201);
  return documentResponseSchema.parse(response.json()).data;
}

async function documentCount(): Promise<{ rows: number; contents: number }> {
  const [rows] = await t.app.db.select({ n: count() }).from(documents);
  const [contents] = await t.app.db.select({ n: count() }).from(documentContents);
  return { rows: rows!.n, contents: contents!.n };
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function auditSince(id: number) {
  // In the order they were written: PostgreSQL returns an unordered select in any order.
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));
}

describe('POST /api/patients/{id}/documents', () => {
  it('stores a patient’s PDF, and the download gives back the very same bytes as an attachment', async () => {
    const content = simplePdf('Blood test', ['Haemoglobin 13.9 g/dL']);
    const since = await lastAuditId();
    const item = await uploaded(patient, patient.user.id, pdfParts('Blood test März.pdf', content));
    expect(item).toMatchObject({
      patientId: patient.user.id,
      category: 'lab-report',
      filename: 'Blood test März.pdf',
      mimeType: 'application/pdf',
      sizeBytes: content.length,
      origin: 'patient',
      canDelete: true,
      uploader: {
        id: patient.user.id,
        firstName: patient.user.firstName,
        lastName: patient.user.lastName,
        role: 'patient',
      },
    });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'document.upload', outcome: 'success', patientId: patient.user.id, resourceId: item.id }),
    ]);

    const download = await patient.agent.get(`/api/documents/${item.id}/content`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Blood test M_rz.pdf"; filename*=UTF-8''Blood%20test%20M%C3%A4rz.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('files a doctor’s upload as a clinical document', async () => {
    const response = await upload(doctor, patient.user.id, [
      { name: 'category', value: 'imaging' },
      { name: 'file', filename: 'wound.png', type: 'image/png', content: ONE_PIXEL_PNG },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const image = documentResponseSchema.parse(response.json()).data;
    expect(image).toMatchObject({ origin: 'clinical', mimeType: 'image/png', canDelete: false });
    // The parts and the role: the web titles a doctor in the reader's language, so no English "Dr." comes.
    expect(image.uploader).toEqual({
      id: doctor.user.id,
      firstName: doctor.user.firstName,
      lastName: doctor.user.lastName,
      role: 'doctor',
    });
    expect(response.body).not.toContain('Dr. ');
    const download = await patient.agent.get(`/api/documents/${image.id}/content`);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);
  });

  it('refuses content that does not match its name, or a type not allowed, and stores nothing', async () => {
    const cases: [FormPart[], number, string][] = [
      [pdfParts('scan.pdf', ONE_PIXEL_PNG), 400, DOCUMENT_REFUSALS['content-mismatch']],
      [pdfParts('notes.pdf', Buffer.from('These are my notes, not a PDF.')), 400, DOCUMENT_REFUSALS['content-mismatch']],
      [
        [
          { name: 'category', value: 'other' },
          { name: 'file', filename: 'photo.png', type: 'image/png', content: Buffer.from('<!doctype html><script>alert(1)</script>') },
        ],
        400,
        DOCUMENT_REFUSALS['content-mismatch'],
      ],
      [
        [
          { name: 'category', value: 'other' },
          { name: 'file', filename: 'notes.txt', type: 'text/plain', content: Buffer.from('plain text') },
        ],
        415,
        DOCUMENT_REFUSALS['type-not-allowed'],
      ],
      [pdfParts('../../etc/passwd.pdf'), 400, DOCUMENT_REFUSALS['name-invalid']],
      [pdfParts('empty.pdf', Buffer.alloc(0)), 400, DOCUMENT_REFUSALS.empty],
      [pdfParts('report.pdf', simplePdf('x'), 'diary'), 400, DOCUMENT_REFUSALS['category-invalid']],
      [[{ name: 'category', value: 'other' }], 400, DOCUMENT_REFUSALS['file-required']],
    ];
    const before = await documentCount();
    for (const [parts, status, message] of cases) {
      const since = await lastAuditId();
      const response = await upload(patient, patient.user.id, parts);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toBe(message);
      expect(Object.values(response.json().error.fields)).toEqual([message]);
      expect(await auditSince(since)).toEqual([
        expect.objectContaining({ action: 'document.upload', outcome: 'failure', patientId: patient.user.id }),
      ]);
    }
    expect(await documentCount()).toEqual(before);
  });

  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const before = await documentCount();
    const big = Buffer.concat([simplePdf('Big'), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const response = await upload(patient, patient.user.id, pdfParts('big.pdf', big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: DOCUMENT_REFUSALS['too-large'] });
    expect(await documentCount()).toEqual(before);
  });

  it('refuses a JSON body and an upload without the CSRF token', async () => {
    expect((await patient.agent.post(`/api/patients/${patient.user.id}/documents`, { category: 'other' })).statusCode).toBe(415);
    const { payload, headers } = multipartBody(pdfParts());
    const forged = await patient.agent.request('POST', `/api/patients/${patient.user.id}/documents`, payload, {
      headers: { ...headers, 'x-csrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF_INVALID');
  });
});

describe('GET /api/patients/{id}/documents', () => {
  it('lists newest first, by category, with counts and paging, and audits the read', async () => {
    const owner = await createActor(t.app, 'patient');
    const first = await uploaded(owner, owner.user.id, pdfParts('a.pdf', simplePdf('A'), 'insurance'));
    const second = await uploaded(owner, owner.user.id, pdfParts('b.pdf', simplePdf('B'), 'lab-report'));
    const third = await uploaded(owner, owner.user.id, pdfParts('c.pdf', simplePdf('C'), 'insurance'));

    const since = await lastAuditId();
    const all = documentListResponseSchema.parse((await owner.agent.get(`/api/patients/${owner.user.id}/documents`)).json());
    expect(all.data.map((d) => d.id)).toEqual([third.id, second.id, first.id]);
    expect(all.total).toBe(3);
    expect(all.counts).toMatchObject({ insurance: 2, 'lab-report': 1, imaging: 0 });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'document.list', outcome: 'success', patientId: owner.user.id, actorUserId: owner.user.id }),
    ]);

    const insurance = documentListResponseSchema.parse(
      (await owner.agent.get(`/api/patients/${owner.user.id}/documents?category=insurance&pageSize=1&page=2`)).json(),
    );
    expect(insurance).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(insurance.data.map((d) => d.id)).toEqual([first.id]);
    expect((await owner.agent.get(`/api/patients/${owner.user.id}/documents?category=diary`)).statusCode).toBe(400);
  });

  it('lets the doctor in care list, refuses staff without medical_records.view, hides the list from others', async () => {
    expect((await doctor.agent.get(`/api/patients/${patient.user.id}/documents`)).statusCode).toBe(200);
    expect((await billing.agent.get(`/api/patients/${patient.user.id}/documents`)).statusCode).toBe(403);
    const missing = await otherPatient.agent.get(`/api/patients/${randomUUID()}/documents`);
    const foreign = await otherPatient.agent.get(`/api/patients/${patient.user.id}/documents`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('deletes the patient’s own upload with its bytes, audited', async () => {
    const item = await uploaded(patient, patient.user.id);
    const since = await lastAuditId();
    expect((await patient.agent.delete(`/api/documents/${item.id}`)).statusCode).toBe(204);
    expect(await t.app.db.select().from(documents).where(eq(documents.id, item.id))).toEqual([]);
    expect((await patient.agent.get(`/api/documents/${item.id}/content`)).statusCode).toBe(404);
    expect((await auditSince(since))[0]).toMatchObject({ action: 'document.delete', outcome: 'success', patientId: patient.user.id });
  });

  it('refuses to delete a clinical document and keeps it', async () => {
    const clinical = await uploaded(doctor, patient.user.id, pdfParts('discharge.pdf', simplePdf('Discharge'), 'visit-summary'));
    const before = await documentCount();
    const since = await lastAuditId();
    const refused = await patient.agent.delete(`/api/documents/${clinical.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/cannot be deleted/);
    expect((await doctor.agent.delete(`/api/documents/${clinical.id}`)).statusCode).toBe(403);
    expect(await documentCount()).toEqual(before);
    expect((await auditSince(since)).map((e) => [e.action, e.outcome, e.patientId])).toEqual([
      ['document.delete', 'denied', patient.user.id],
      ['document.delete', 'denied', patient.user.id],
    ]);
  });
});

describe('IDOR', () => {
  it('never lets another patient list, download, upload to or delete someone’s documents', async () => {
    const { payload, headers } = multipartBody(pdfParts('intruder.pdf', simplePdf('Intruder')));
    const paths = ['/api/documents/:id/content', '/api/documents/:id', '/api/patients/:userId/documents'];
    const { outcomes, before, after, ownerStatus } = await probeIdor(
      {
        name: 'documents',
        paths,
        create: (owner) => uploaded(owner, owner.user.id, pdfParts('private-results.pdf', simplePdf('Private results'))),
        snapshot: async () => documentCount(),
        // The id is the intruder's own input (a 404 may echo the URL); the name is the record's.
        secrets: (record) => [record.filename],
        ownerGet: 200,
      },
      patient,
      otherPatient,
    );
    expect(ownerStatus).toBe(200);
    expect(outcomes.length).toBe(paths.length * 5);
    for (const outcome of outcomes) {
      expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked, `${outcome.method} ${outcome.url}`).toEqual([]);
    }
    expect(after).toEqual(before);

    // A genuine multipart upload to someone else's record is refused like a missing record.
    const intruded = await otherPatient.agent.request('POST', `/api/patients/${patient.user.id}/documents`, payload, { headers });
    expect(intruded.statusCode).toBe(404);
    expect(await documentCount()).toEqual(after);
  });
});
