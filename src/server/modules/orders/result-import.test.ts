import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResultListResponseSchema } from '../../../contracts/health-records';
import { orderResponseSchema, type Order } from '../../../contracts/orders';
import { importPreviewResponseSchema, RESULT_FILE_MAX_CHARS } from '../../../contracts/result-import';
import { auditEvents, labOrders, labResultComponents, patientProfiles, tasks } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Lab results imported from a file: an HL7 v2 ORU^R01 message or a CSV, read and matched to the
// ordered panel for a preview that saves nothing; imported on confirmation only when every test has a
// good value; a file that cannot be read is a 400 naming why, never a 500. Who may import is who may
// enter results: clinicians reaching the patient with medical_records.update, never a patient.

const read = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../test-support/fixtures', name), 'utf8');
/** A sample file, its HL7 patient identifier (PID-3) made `mrn`: the lab's message names the order's patient. */
const naming = (content: string, mrn: string) => content.replace(/^(PID\|[^|\r\n]*\|[^|\r\n]*\|)[^^|\r\n]*/m, `$1${mrn}`);
let patientMrn: string;
const fixture = (name: string) => naming(read(name), patientMrn);

let t: TestApp;
let doctor: Actor;
let nurse: Actor;
let clerk: Actor;
let patient: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  nurse = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'medical_records.view', 'medical_records.update'] });
  clerk = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'medical_records.view'] });
  await assignCare(t.app, doctor.user.id, patient.user.id);
  const [profile] = await t.app.db
    .select({ mrn: patientProfiles.medicalRecordNumber })
    .from(patientProfiles)
    .where(eq(patientProfiles.userId, patient.user.id));
  patientMrn = profile!.mrn;
});

afterAll(async () => {
  await t.close();
});

const place = async (code = 'bmp', kind = 'lab'): Promise<Order> => {
  const response = await doctor.agent.post('/api/orders', { patientId: patient.user.id, kind, code, reason: 'Check electrolytes' });
  expect(response.statusCode, response.body).toBe(201);
  return orderResponseSchema.parse(response.json()).data;
};

const preview = (actor: Actor, order: Order, content: string) =>
  actor.agent.post(`/api/orders/${order.id}/import/preview`, { version: order.version, content });
const importFile = (actor: Actor, order: Order, content: string, version = order.version) =>
  actor.agent.post(`/api/orders/${order.id}/import`, { version, content });

const snapshot = async (id: string) => ({
  order: await t.app.db.select().from(labOrders).where(eq(labOrders.id, id)),
  components: await t.app.db.select().from(labResultComponents).where(eq(labResultComponents.orderId, id)),
  tasks: await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, id)),
});

const lastAuditId = async () => (await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents))[0]?.id ?? 0;

describe('importing lab results from a file', () => {
  it('previews an ORU^R01 message without saving, then imports it; the doctor releases and the patient sees it', async () => {
    const order = await place();
    const state = await snapshot(order.id);
    const since = await lastAuditId();
    const response = await preview(doctor, order, fixture('oru-r01-bmp.hl7'));
    expect(response.statusCode, response.body).toBe(200);
    const shown = importPreviewResponseSchema.parse(response.json()).data;
    expect(shown).toMatchObject({ format: 'hl7', patientInFile: 'DOE, JANE', ready: true, invalid: [], missing: [] });
    expect(shown.components).toHaveLength(8);
    expect(shown.components.find((c) => c.loincCode === '2823-3')).toMatchObject({ value: 5.6, flag: 'high', line: 8 });
    // The structured numeric is read as its number; the lab's own range is kept.
    expect(shown.components.find((c) => c.loincCode === '17861-6')).toMatchObject({
      value: 9.4,
      referenceLow: 8.6,
      referenceHigh: 10.3,
      flag: 'normal',
    });
    // eGFR is not a test of the ordered panel: listed, and left out.
    expect(shown.unmatched).toEqual([{ line: 12, code: '33914-3', name: 'eGFR' }]);
    expect(await snapshot(order.id)).toEqual(state);
    const read = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(read).toContainEqual(
      expect.objectContaining({ action: 'order.import-preview', resourceId: order.id, patientId: patient.user.id }),
    );

    const imported = await importFile(doctor, order, fixture('oru-r01-bmp.hl7'));
    expect(imported.statusCode, imported.body).toBe(200);
    const saved = orderResponseSchema.parse(imported.json()).data;
    expect(saved).toMatchObject({ status: 'resulted', worstFlag: 'high', version: 2 });
    expect(saved.components.map((c) => c.loincCode).sort()).toEqual(shown.components.map((c) => c.loincCode).sort());
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, order.id));
    expect(task).toMatchObject({ assigneeId: doctor.user.id, kind: 'result-review', priority: 'high' });
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(expect.objectContaining({ action: 'order.import', outcome: 'success', resourceId: order.id }));

    const panels = async () =>
      labResultListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/lab-results`)).json()).data;
    expect((await panels()).map((panel) => panel.id)).not.toContain(order.id);
    expect((await doctor.agent.post(`/api/orders/${order.id}/release`, { version: 2 })).statusCode).toBe(200);
    const released = (await panels()).find((panel) => panel.id === order.id);
    expect(released?.components.find((c) => c.loincCode === '2823-3')).toMatchObject({ value: 5.6, flag: 'high' });
  });

  it('lists bad values, wrong units, duplicates and missing tests, and refuses to import such a file', async () => {
    const order = await place();
    const shown = importPreviewResponseSchema.parse((await preview(doctor, order, fixture('oru-r01-bmp-problems.hl7'))).json()).data;
    expect(shown.ready).toBe(false);
    expect(shown.invalid).toEqual([
      { line: 3, loincCode: '2345-7', problem: 'value', text: 'pending' },
      { line: 6, loincCode: '2951-2', problem: 'unit', text: 'mg/dL' },
      { line: 8, loincCode: '2075-0', problem: 'duplicate', text: '102' },
    ]);
    expect(shown.missing).toEqual(['2823-3']);
    expect(shown.unmatched).toEqual([{ line: 11, code: '1234-5', name: 'Something else' }]);

    const state = await snapshot(order.id);
    const refused = await importFile(doctor, order, fixture('oru-r01-bmp-problems.hl7'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    expect(await snapshot(order.id)).toEqual(state);
  });

  it('reads a CSV with a header, semicolons and decimal commas; a nurse with medical_records.update imports it', async () => {
    const order = await place();
    const csv = fixture('results-bmp.csv');
    const shown = importPreviewResponseSchema.parse((await preview(nurse, order, csv)).json()).data;
    expect(shown).toMatchObject({ format: 'csv', ready: true, unmatched: [], invalid: [] });
    expect(shown.components.find((c) => c.loincCode === '2160-0')).toMatchObject({ value: 0.9, referenceLow: 0.6, referenceHigh: 1.3 });
    expect(shown.components.find((c) => c.loincCode === '2951-2')).toMatchObject({ value: 118, flag: 'critical' });
    const imported = await importFile(nurse, order, csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(orderResponseSchema.parse(imported.json()).data).toMatchObject({ status: 'resulted', worstFlag: 'critical' });
  });

  it('refuses a message that identifies another patient, saving nothing; one naming this patient among others is taken', async () => {
    const order = await place();
    const state = await snapshot(order.id);
    const elsewhere = naming(read('oru-r01-bmp.hl7'), 'MRN999999');
    for (const send of [preview, importFile]) {
      const refused = await send(doctor, order, elsewhere);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe('RESULT_FILE_INVALID');
      expect(Object.values(refused.json().error.fields ?? {})).toContain(
        'This file names another patient: none of its record numbers is this order’s patient’s',
      );
    }
    expect(await snapshot(order.id)).toEqual(state);
    // The lab's own number first, the clinic's record number as a second identifier: this patient.
    const both = naming(read('oru-r01-bmp.hl7'), `LAB-77~${patientMrn}`);
    expect((await preview(doctor, order, both)).statusCode).toBe(200);
  });

  it('answers a file it cannot read with a 400 saying why, never a 500, and changes nothing', async () => {
    const order = await place();
    const state = await snapshot(order.id);
    const cases: [string, string, string][] = [
      ['Dear doctor, the results are fine.', 'RESULT_FILE_INVALID', 'This is neither an HL7 v2 message nor a CSV of results'],
      [
        'MSH|^~\\&|LIS|LAB|CD|CL|20261120||ADT^A01|1|P|2.5\rPID|1||1||DOE^JANE',
        'RESULT_FILE_INVALID',
        'This HL7 message is not a results message (ORU^R01)',
      ],
      ['MSH|^~\\&|LIS|LAB|CD|CL|20261120||ORU^R01|1|P|2.5\rPID|1||1||DOE^JANE', 'RESULT_FILE_INVALID', 'This file holds no results'],
      ['\n\n   \n', 'RESULT_FILE_INVALID', 'This file holds no results'],
      ['code,value\n'.repeat(501), 'RESULT_FILE_INVALID', 'This file has too many lines for one order'],
      ['', 'VALIDATION_FAILED', 'This file holds no results'],
      ['x'.repeat(RESULT_FILE_MAX_CHARS + 1), 'VALIDATION_FAILED', 'This file is too large for one order'],
      ['MSH|||||', 'RESULT_FILE_INVALID', 'This is neither an HL7 v2 message nor a CSV of results'],
    ];
    for (const [content, code, message] of cases) {
      for (const send of [preview, importFile]) {
        const response = await send(doctor, order, content);
        expect(response.statusCode, content.slice(0, 40)).toBe(400);
        expect(response.json().error.code).toBe(code);
        expect(Object.values(response.json().error.fields ?? {})).toContain(message);
      }
    }
    // Far past the body limit: refused before it is read.
    const huge = await doctor.agent.post(`/api/orders/${order.id}/import/preview`, {
      version: 1,
      content: '"'.repeat(RESULT_FILE_MAX_CHARS * 7),
    });
    expect(huge.statusCode).toBe(413);
    expect(await snapshot(order.id)).toEqual(state);
  });

  it('refuses an order that takes no file, a stale version, a patient and a clerk without medical_records.update', async () => {
    const imaging = await place('chest-xray', 'imaging');
    const onImaging = await preview(doctor, imaging, fixture('oru-r01-bmp.hl7'));
    expect(onImaging.statusCode).toBe(409);
    expect(onImaging.json().error.code).toBe('ORDER_TRANSITION_INVALID');

    const order = await place();
    const state = await snapshot(order.id);
    const stale = await importFile(doctor, order, fixture('oru-r01-bmp.hl7'), 5);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_RECORD');
    for (const actor of [patient, clerk]) {
      expect((await preview(actor, order, fixture('oru-r01-bmp.hl7'))).statusCode).toBe(403);
      expect((await importFile(actor, order, fixture('oru-r01-bmp.hl7'))).statusCode).toBe(403);
    }
    expect(await snapshot(order.id)).toEqual(state);

    // Imported once, the order takes no second file.
    expect((await importFile(doctor, order, fixture('oru-r01-bmp.hl7'))).statusCode).toBe(200);
    const twice = await importFile(doctor, order, fixture('oru-r01-bmp.hl7'), 2);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ORDER_TRANSITION_INVALID');
  });

  it('a doctor who does not reach the patient never previews or imports into their order (IDOR harness)', async () => {
    const outsider = await createDoctorActor(t.app);
    const { outcomes, before, after, ownerStatus } = await probeIdor(
      {
        name: 'results import',
        paths: ['/api/orders/:id/import/preview', '/api/orders/:id/import'],
        body: { version: 1, content: fixture('oru-r01-bmp.hl7') },
        create: async () => {
          const marker = `Secret question ${randomBytes(6).toString('hex')}`;
          const created = await doctor.agent.post('/api/orders', { patientId: patient.user.id, kind: 'lab', code: 'bmp', reason: marker });
          return { id: orderResponseSchema.parse(created.json()).data.id, marker };
        },
        snapshot: (record) => snapshot(record.id),
        secrets: (record) => [record.marker, patient.user.lastName, 'DOE, JANE'],
      },
      doctor,
      outsider,
    );
    for (const outcome of outcomes) {
      expect([404, 405], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    expect(after).toEqual(before);
    expect(ownerStatus).toBeUndefined();
  });
});
