import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsResponseSchema } from '../../../contracts/doctor-portal';
import { documentListResponseSchema } from '../../../contracts/documents';
import type { LiveEvent } from '../../../contracts/live-events';
import {
  ORDER_ATTACHMENTS_MAX,
  orderListResponseSchema,
  orderResponseSchema,
  resultReportListResponseSchema,
  type Order,
} from '../../../contracts/orders';
import { simplePdf } from '../../db/factories';
import { auditEvents, documents, labOrders, notifications, tasks } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { multipartBody, ONE_PIXEL_PNG, type FormPart } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Imaging reports and referral replies: entered as findings and an impression, or as the consultant's
// reply, with documents attached through the documents area's checks; reviewed abnormal-first with
// lab results, released to the patient (told, and shown the report and its documents), never before.

let t: TestApp;
let doctor: Actor;
let patient: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  await assignCare(t.app, doctor.user.id, patient.user.id);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

const place = async (body: Record<string, unknown>): Promise<Order> => {
  const response = await doctor.agent.post('/api/orders', { patientId: patient.user.id, reason: 'Persistent cough', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return orderResponseSchema.parse(response.json()).data;
};

const attach = (actor: Actor, orderId: string, parts: readonly FormPart[]) => {
  const { payload, headers } = multipartBody(parts);
  return actor.agent.request('POST', `/api/orders/${orderId}/attachments`, payload, { headers });
};

const pdf = (name = 'report.pdf'): FormPart[] => [
  { name: 'file', filename: name, type: 'application/pdf', content: simplePdf('Chest X-ray') },
];

const patientReports = async () =>
  resultReportListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/result-reports`)).json()).data;
const patientDocuments = async () =>
  documentListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/documents?pageSize=100`)).json()).data;
const chartDocuments = async () => {
  const response = await patient.agent.get(`/api/patients/${patient.user.id}/complete`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.documents as { id: string }[]).map((item) => item.id);
};
const stats = async () => dashboardStatsResponseSchema.parse((await doctor.agent.get('/api/doctor/dashboard-stats')).json()).data;

const snapshot = async (id: string) => ({
  order: await t.app.db.select().from(labOrders).where(eq(labOrders.id, id)),
  documents: await t.app.db.select({ id: documents.id }).from(documents).where(eq(documents.orderId, id)),
  tasks: await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, id)),
});

describe('imaging reports and referral replies', () => {
  it('an imaging report with a document goes ordered → resulted → reviewed; the patient sees it only once released', async () => {
    const order = await place({ kind: 'imaging', code: 'chest-xray', priority: 'urgent' });
    // No sample to collect for an imaging study.
    const collect = await doctor.agent.post(`/api/orders/${order.id}/collect`, { version: 1 });
    expect(collect.statusCode).toBe(409);
    expect(collect.json().error.code).toBe('ORDER_TRANSITION_INVALID');

    const attached = await attach(doctor, order.id, pdf('chest x-ray.pdf'));
    expect(attached.statusCode, attached.body).toBe(201);
    const [document] = orderResponseSchema.parse(attached.json()).data.attachments;
    expect(document).toMatchObject({ filename: 'chest x-ray.pdf', mimeType: 'application/pdf' });
    const [stored] = await t.app.db.select().from(documents).where(eq(documents.id, document!.id));
    expect(stored).toMatchObject({ orderId: order.id, category: 'imaging', origin: 'clinical', patientId: patient.user.id });

    const before = await stats();
    const resulted = await doctor.agent.post(`/api/orders/${order.id}/results`, {
      version: 1,
      findings: 'Right lower lobe opacity.',
      report: 'Findings consistent with pneumonia.',
      reportFlag: 'urgent',
    });
    expect(resulted.statusCode, resulted.body).toBe(200);
    expect(orderResponseSchema.parse(resulted.json()).data).toMatchObject({
      status: 'resulted',
      findings: 'Right lower lobe opacity.',
      report: 'Findings consistent with pneumonia.',
      reportFlag: 'urgent',
      version: 2,
    });
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, order.id));
    expect(task).toMatchObject({ assigneeId: doctor.user.id, kind: 'result-review', priority: 'high' });
    expect((await stats()).abnormalLabs).toBe(before.abnormalLabs + 1);

    // Not the patient's yet: neither the report, nor its document, nor the download.
    expect((await patientReports()).map((report) => report.id)).not.toContain(order.id);
    expect((await patientDocuments()).map((item) => item.id)).not.toContain(document!.id);
    expect(await chartDocuments()).not.toContain(document!.id);
    expect((await patient.agent.get(`/api/documents/${document!.id}/content`)).statusCode).toBe(404);
    // The doctor sees it among the reports already.
    const forDoctor = resultReportListResponseSchema.parse(
      (await doctor.agent.get(`/api/patients/${patient.user.id}/result-reports`)).json(),
    ).data;
    expect(forDoctor.find((report) => report.id === order.id)).toMatchObject({ status: 'resulted', releasedAt: null });

    published.length = 0;
    const released = await doctor.agent.post(`/api/orders/${order.id}/release`, { version: 2 });
    expect(released.statusCode, released.body).toBe(200);
    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'lab.results_released')));
    expect(notice).toMatchObject({ type: 'lab_result', priority: 'high', actionUrl: '/lab-results' });
    expect(notice!.metadata).toMatchObject({ resultId: order.id });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }))).toContainEqual({
      recipients: [doctor.user.id, patient.user.id].sort(),
      event: expect.objectContaining({ type: 'lab_order_update', action: 'released', orderId: order.id }),
    });

    const mine = (await patientReports()).find((report) => report.id === order.id);
    expect(mine).toMatchObject({
      kind: 'imaging',
      code: 'chest-xray',
      findings: 'Right lower lobe opacity.',
      report: 'Findings consistent with pneumonia.',
      reportFlag: 'urgent',
      attachments: [{ id: document!.id, filename: 'chest x-ray.pdf' }],
    });
    // What the patient reads carries nothing of the clinicians' work.
    expect(mine).not.toHaveProperty('notes');
    expect(mine).not.toHaveProperty('reason');
    expect((await patientDocuments()).map((item) => item.id)).toContain(document!.id);
    expect(await chartDocuments()).toContain(document!.id);
    expect((await patient.agent.get(`/api/documents/${document!.id}/content`)).statusCode).toBe(200);

    // A released report takes no more documents.
    const state = await snapshot(order.id);
    const late = await attach(doctor, order.id, pdf());
    expect(late.statusCode).toBe(409);
    expect(await snapshot(order.id)).toEqual(state);
  });

  it('a referral gets the consultant’s reply: who, when, a summary and a letter', async () => {
    const order = await place({ kind: 'referral', code: 'cardiology', target: 'City Heart Clinic', reason: 'Palpitations' });
    const letter = await attach(doctor, order.id, [{ name: 'file', filename: 'reply.png', type: 'image/png', content: ONE_PIXEL_PNG }]);
    expect(letter.statusCode, letter.body).toBe(201);
    const [stored] = await t.app.db.select().from(documents).where(eq(documents.orderId, order.id));
    expect(stored).toMatchObject({ category: 'referral' });

    const state = await snapshot(order.id);
    for (const body of [
      { version: 1, report: 'Benign ectopics.' },
      { version: 1, consultant: 'Dr. Amal Haddad', repliedOn: '2026-01-10' },
      { version: 1, consultant: 'Dr. Amal Haddad', repliedOn: '2999-01-10', report: 'Benign ectopics.' },
      { version: 1, consultant: 'Dr. Amal Haddad', repliedOn: '10/01/2026', report: 'Benign ectopics.' },
      { version: 1, consultant: 'x'.repeat(201), repliedOn: '2026-01-10', report: 'Benign ectopics.' },
      { version: 1, consultant: 'Dr. Amal Haddad', repliedOn: '2026-01-10', report: 'Benign ectopics.', reportFlag: 'meh' },
    ]) {
      const response = await doctor.agent.post(`/api/orders/${order.id}/results`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const missing = await doctor.agent.post(`/api/orders/${order.id}/results`, { version: 1, report: 'Benign ectopics.' });
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['consultant', 'repliedOn']);
    expect(await snapshot(order.id)).toEqual(state);

    const replied = await doctor.agent.post(`/api/orders/${order.id}/results`, {
      version: 1,
      consultant: 'Dr. Amal Haddad',
      repliedOn: '2026-01-10',
      report: 'Benign ectopics; no treatment needed.',
      findings: 'Kept only for imaging',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(orderResponseSchema.parse(replied.json()).data).toMatchObject({
      status: 'resulted',
      consultant: 'Dr. Amal Haddad',
      repliedOn: '2026-01-10',
      report: 'Benign ectopics; no treatment needed.',
      findings: null,
      reportFlag: 'normal',
    });
    expect((await doctor.agent.post(`/api/orders/${order.id}/release`, { version: 2 })).statusCode).toBe(200);
    expect((await patientReports()).find((report) => report.id === order.id)).toMatchObject({
      kind: 'referral',
      consultant: 'Dr. Amal Haddad',
      repliedOn: '2026-01-10',
      attachments: [expect.objectContaining({ filename: 'reply.png' })],
    });
  });

  it('lists flagged reports with abnormal lab results, ahead of normal ones, among results to review', async () => {
    const normal = await place({ kind: 'imaging', code: 'chest-xray' });
    const abnormal = await place({ kind: 'imaging', code: 'chest-xray' });
    for (const [order, flag] of [
      [normal, 'normal'],
      [abnormal, 'abnormal'],
    ] as const) {
      const response = await doctor.agent.post(`/api/orders/${order.id}/results`, {
        version: 1,
        findings: 'Seen.',
        report: 'Reported.',
        reportFlag: flag,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const list = orderListResponseSchema.parse((await doctor.agent.get('/api/orders?status=resulted&pageSize=100')).json()).data;
    const ids = list.map((order) => order.id);
    expect(ids.indexOf(abnormal.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(abnormal.id)).toBeLessThan(ids.indexOf(normal.id));
  });

  it('refuses a bad document, a lab order, a patient and a sixth document, keeping nothing', async () => {
    const order = await place({ kind: 'imaging', code: 'chest-xray' });
    const state = await snapshot(order.id);
    const cases: [FormPart[], number][] = [
      [[{ name: 'file', filename: 'scan.pdf', type: 'application/pdf', content: ONE_PIXEL_PNG }], 400],
      [[{ name: 'file', filename: 'page.html', type: 'text/html', content: Buffer.from('<html>') }], 415],
      [[{ name: 'note', value: 'no file' }], 400],
    ];
    for (const [parts, status] of cases) {
      const response = await attach(doctor, order.id, parts);
      expect(response.statusCode, response.body).toBe(status);
    }
    expect((await doctor.agent.post(`/api/orders/${order.id}/attachments`, { file: 'x' })).statusCode).toBe(415);
    expect((await attach(patient, order.id, pdf())).statusCode).toBe(403);
    expect(await snapshot(order.id)).toEqual(state);

    const lab = await place({ kind: 'lab', code: 'bmp' });
    const onLab = await attach(doctor, lab.id, pdf());
    expect(onLab.statusCode).toBe(409);
    expect(onLab.json().error.code).toBe('ORDER_TRANSITION_INVALID');

    for (let index = 0; index < ORDER_ATTACHMENTS_MAX; index += 1) expect((await attach(doctor, order.id, pdf())).statusCode).toBe(201);
    const [held] = await t.app.db.select({ n: count() }).from(documents).where(eq(documents.orderId, order.id));
    const [lastAudit] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
    const extra = await attach(doctor, order.id, pdf());
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('TOO_MANY_ATTACHMENTS');
    const [after] = await t.app.db.select({ n: count() }).from(documents).where(eq(documents.orderId, order.id));
    expect(after).toEqual(held);
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, lastAudit!.id ?? 0));
    expect(events).toContainEqual(expect.objectContaining({ action: 'order.attach', outcome: 'failure', resourceId: order.id }));
  });

  it('someone else’s order takes no document and someone else’s reports stay hidden (IDOR harness)', async () => {
    const outsider = await createDoctorActor(t.app);
    const { outcomes, before, after } = await probeIdor(
      {
        name: 'report attachment',
        paths: ['/api/orders/:id/attachments'],
        body: { file: 'x' },
        create: async () => {
          const marker = `Secret question ${randomBytes(6).toString('hex')}`;
          const order = await place({ kind: 'imaging', code: 'chest-xray', reason: marker });
          return { id: order.id, marker };
        },
        snapshot: (record) => snapshot(record.id),
        secrets: (record) => [record.marker, patient.user.lastName],
      },
      doctor,
      outsider,
    );
    for (const outcome of outcomes) {
      expect([404, 405], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    expect(after).toEqual(before);
    expect((await outsider.agent.get(`/api/patients/${patient.user.id}/result-reports`)).statusCode).toBe(404);
    const stranger = await createActor(t.app, 'patient');
    expect((await stranger.agent.get(`/api/patients/${patient.user.id}/result-reports`)).statusCode).toBe(404);
  });
});
