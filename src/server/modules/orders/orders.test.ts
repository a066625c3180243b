import { randomBytes } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsResponseSchema } from '../../../contracts/doctor-portal';
import { labResultListResponseSchema } from '../../../contracts/health-records';
import type { LiveEvent } from '../../../contracts/live-events';
import { LAB_PANEL_CATALOGUE } from '../../../contracts/order-catalogue';
import { orderListResponseSchema, orderResponseSchema, patientOrderListResponseSchema, type Order } from '../../../contracts/orders';
import { auditEvents, labOrders, labResultComponents, notifications, tasks } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// A doctor's orders: placed for a patient in their care, collected, resulted (a task to review
// them), reviewed and released (the patient told and shown them), cancelled; every refusal leaves
// nothing changed.

let t: TestApp;
let doctor: Actor;
let colleague: Actor;
let patient: Actor;
let stranger: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  colleague = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  stranger = await createActor(t.app, 'patient');
  await assignCare(t.app, doctor.user.id, patient.user.id);
  await assignCare(t.app, colleague.user.id, patient.user.id);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

const place = async (actor: Actor, body: Record<string, unknown> = {}): Promise<Order> => {
  const response = await actor.agent.post('/api/orders', {
    patientId: patient.user.id,
    kind: 'lab',
    code: 'bmp',
    reason: 'Fatigue; check electrolytes',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderResponseSchema.parse(response.json()).data;
};

/** The middle of a test's reference range. */
const typical = (test: { low: number | null; high: number | null }) =>
  test.low !== null && test.high !== null ? (test.low + test.high) / 2 : (test.high ?? test.low ?? 1);

/** Every test of the BMP at a typical value; `overrides` by LOINC code. */
const bmpValues = (overrides: Record<string, number> = {}) =>
  LAB_PANEL_CATALOGUE.bmp.tests.map((test) => ({
    loinc: test.loinc,
    value: overrides[test.loinc] ?? typical(test),
  }));

const snapshot = async (id: string) => ({
  order: await t.app.db.select().from(labOrders).where(eq(labOrders.id, id)),
  components: await t.app.db.select().from(labResultComponents).where(eq(labResultComponents.orderId, id)),
  tasks: await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, id)),
});

const stats = async () => dashboardStatsResponseSchema.parse((await doctor.agent.get('/api/doctor/dashboard-stats')).json()).data;
const patientPanels = async () =>
  labResultListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/lab-results`)).json()).data;

describe('orders', () => {
  it('places a lab order for a patient in care, audited and pushed to the doctor; the patient does not see it', async () => {
    const since = await lastAuditId();
    published.length = 0;
    const order = await place(doctor, { priority: 'urgent', notes: 'Fasting sample' });
    expect(order).toMatchObject({
      patientId: patient.user.id,
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
      kind: 'lab',
      code: 'bmp',
      standardCode: '51990-0',
      priority: 'urgent',
      status: 'ordered',
      reason: 'Fatigue; check electrolytes',
      notes: 'Fasting sample',
      orderedById: doctor.user.id,
      orderer: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
      components: [],
      worstFlag: null,
      version: 1,
    });
    // The name travels in parts only: no English-ordered whole name.
    expect(order).not.toHaveProperty('patientName');
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(
      expect.objectContaining({ action: 'order.create', outcome: 'success', patientId: patient.user.id, resourceId: order.id }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published.map((p) => ({ recipients: [...p.recipients], event: p.event as LiveEvent }))).toContainEqual({
      recipients: [doctor.user.id],
      event: expect.objectContaining({ type: 'lab_order_update', action: 'created', orderId: order.id }),
    });
    expect((await patientPanels()).map((panel) => panel.id)).not.toContain(order.id);

    const mine = orderListResponseSchema.parse((await doctor.agent.get('/api/orders?status=ordered&pageSize=100')).json()).data;
    expect(mine.map((item) => item.id)).toContain(order.id);
    const theirs = orderListResponseSchema.parse((await colleague.agent.get('/api/orders?pageSize=100')).json()).data;
    expect(theirs.map((item) => item.id)).not.toContain(order.id);
    const chart = patientOrderListResponseSchema.parse((await colleague.agent.get(`/api/patients/${patient.user.id}/orders`)).json()).data;
    expect(chart.map((item) => item.id)).toContain(order.id);
  });

  it('refuses bad orders with clear errors and stores nothing', async () => {
    const [before] = await t.app.db.select({ n: max(labOrders.createdAt) }).from(labOrders);
    const base = { patientId: patient.user.id, kind: 'lab', code: 'cbc', reason: 'Anaemia?' };
    for (const body of [
      { ...base, code: 'unknown-panel' },
      { ...base, kind: 'imaging' },
      { ...base, kind: 'referral', code: 'chest-xray' },
      { ...base, reason: '' },
      { ...base, reason: 'x'.repeat(501) },
      { ...base, priority: 'whenever' },
      { ...base, notes: 'x'.repeat(1001) },
      { ...base, extra: true },
    ]) {
      const response = await doctor.agent.post('/api/orders', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await doctor.agent.post('/api/orders', { ...base, code: 'unknown-panel' });
    expect(unknown.json().error.fields).toHaveProperty('code');
    // A patient out of the doctor's care answers 404 like a missing one.
    expect((await doctor.agent.post('/api/orders', { ...base, patientId: stranger.user.id })).statusCode).toBe(404);
    const [after] = await t.app.db.select({ n: max(labOrders.createdAt) }).from(labOrders);
    expect(after).toEqual(before);
    // Patients never place or read orders here.
    expect((await patient.agent.post('/api/orders', base)).statusCode).toBe(403);
    expect((await patient.agent.get(`/api/patients/${patient.user.id}/orders`)).statusCode).toBe(403);
    expect((await patient.agent.get('/api/orders')).statusCode).toBe(403);
  });

  it('collects, enters results with computed flags, asks the doctor to review, then releases to the patient', async () => {
    const before = await stats();
    const order = await place(doctor);
    const collected = await doctor.agent.post(`/api/orders/${order.id}/collect`, { version: 1 });
    expect(orderResponseSchema.parse(collected.json()).data).toMatchObject({ status: 'collected', version: 2 });

    // A colleague enters the results: potassium high, sodium critical.
    const resulted = await colleague.agent.post(`/api/orders/${order.id}/results`, {
      version: 2,
      components: bmpValues({ '2823-3': 5.8, '2951-2': 118 }),
    });
    expect(resulted.statusCode, resulted.body).toBe(200);
    const result = orderResponseSchema.parse(resulted.json()).data;
    expect(result).toMatchObject({ status: 'resulted', version: 3, worstFlag: 'critical' });
    expect(result.components).toHaveLength(LAB_PANEL_CATALOGUE.bmp.tests.length);
    expect(result.components.find((c) => c.loincCode === '2823-3')).toMatchObject({ flag: 'high', unit: 'mmol/L', referenceHigh: 5.1 });
    expect(result.components.find((c) => c.loincCode === '2951-2')).toMatchObject({ flag: 'critical' });
    expect(result.components.find((c) => c.loincCode === '2345-7')).toMatchObject({ flag: 'normal' });

    // The ordering doctor's task, the home count, and still nothing for the patient.
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, order.id));
    expect(task).toMatchObject({ assigneeId: doctor.user.id, kind: 'result-review', status: 'open', priority: 'high' });
    expect((await stats()).abnormalLabs).toBe(before.abnormalLabs + 1);
    expect((await patientPanels()).map((panel) => panel.id)).not.toContain(order.id);
    const list = orderListResponseSchema.parse((await doctor.agent.get('/api/orders?status=open&pageSize=100')).json()).data;
    expect(list[0]!.id).toBe(order.id);

    const since = await lastAuditId();
    published.length = 0;
    const released = await doctor.agent.post(`/api/orders/${order.id}/release`, { version: 3 });
    expect(released.statusCode, released.body).toBe(200);
    expect(orderResponseSchema.parse(released.json()).data).toMatchObject({ status: 'reviewed', version: 4 });
    expect((await patientPanels()).find((panel) => panel.id === order.id)).toMatchObject({ status: 'reviewed' });
    const [closed] = await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, order.id));
    expect(closed).toMatchObject({ status: 'done' });
    expect((await stats()).abnormalLabs).toBe(before.abnormalLabs);
    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'lab.results_released')));
    expect(notice).toMatchObject({ type: 'lab_result', priority: 'high', actionUrl: '/lab-results' });
    // The reviewer is named by the parts, which the web titles in the reader's language.
    expect(notice!.params).toEqual({ doctorFirstName: doctor.user.firstName, doctorLastName: doctor.user.lastName });
    expect(notice!.metadata).toMatchObject({ doctorFirstName: doctor.user.firstName, doctorLastName: doctor.user.lastName });
    expect(notice!.metadata).not.toHaveProperty('doctorName');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const pushed = published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }));
    expect(pushed).toContainEqual({
      recipients: [doctor.user.id, patient.user.id].sort(),
      event: expect.objectContaining({ type: 'lab_order_update', action: 'released', orderId: order.id }),
    });
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(expect.objectContaining({ action: 'order.release', outcome: 'success', resourceId: order.id }));

    // Releasing twice is refused and changes nothing.
    const state = await snapshot(order.id);
    const twice = await doctor.agent.post(`/api/orders/${order.id}/release`, { version: 4 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ORDER_TRANSITION_INVALID');
    expect(await snapshot(order.id)).toEqual(state);
  });

  it('refuses bad results and stale versions, keeping the order as it was', async () => {
    const order = await place(doctor);
    const state = await snapshot(order.id);
    const cases: [unknown, number, string][] = [
      [{ version: 1, components: bmpValues({ '2345-7': 5000 }) }, 400, 'VALIDATION_FAILED'],
      [{ version: 1, components: [...bmpValues(), { loinc: '4548-4', value: 6 }] }, 400, 'VALIDATION_FAILED'],
      [{ version: 1, components: bmpValues().slice(1) }, 400, 'VALIDATION_FAILED'],
      [{ version: 1, components: bmpValues({ '2345-7': Number.NaN }) }, 400, 'VALIDATION_FAILED'],
      [{ version: 1, report: 'Looks fine' }, 400, 'VALIDATION_FAILED'],
      [{ version: 1 }, 400, 'VALIDATION_FAILED'],
      [{ version: 7, components: bmpValues() }, 409, 'STALE_RECORD'],
    ];
    for (const [body, status, code] of cases) {
      const response = await doctor.agent.post(`/api/orders/${order.id}/results`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    const outOfRange = await doctor.agent.post(`/api/orders/${order.id}/results`, {
      version: 1,
      components: bmpValues({ '2345-7': 5000 }),
    });
    expect(Object.keys(outOfRange.json().error.fields)).toEqual(['components.0.value']);
    expect(await snapshot(order.id)).toEqual(state);
    expect((await doctor.agent.post(`/api/orders/${order.id}/collect`, { version: 2 })).json().error.code).toBe('STALE_RECORD');
    expect(await snapshot(order.id)).toEqual(state);
  });

  it('cancels with a reason; a cancelled order takes no results', async () => {
    const order = await place(doctor);
    expect((await doctor.agent.post(`/api/orders/${order.id}/cancel`, { version: 1, reason: '' })).statusCode).toBe(400);
    const cancelled = await doctor.agent.post(`/api/orders/${order.id}/cancel`, { version: 1, reason: 'Ordered twice' });
    expect(orderResponseSchema.parse(cancelled.json()).data).toMatchObject({ status: 'cancelled', cancelReason: 'Ordered twice' });
    const state = await snapshot(order.id);
    const results = await doctor.agent.post(`/api/orders/${order.id}/results`, { version: 2, components: bmpValues() });
    expect(results.statusCode).toBe(409);
    expect(results.json().error.code).toBe('ORDER_TRANSITION_INVALID');
    expect((await doctor.agent.post(`/api/orders/${order.id}/collect`, { version: 2 })).statusCode).toBe(409);
    expect(await snapshot(order.id)).toEqual(state);
  });

  it('takes an imaging or referral result as a report, kept out of the patient’s lab results', async () => {
    const imaging = await place(doctor, { kind: 'imaging', code: 'chest-xray', reason: 'Cough for three weeks' });
    expect(imaging).toMatchObject({ kind: 'imaging', code: 'chest-xray', standardCode: '36643-5' });
    const refused = await doctor.agent.post(`/api/orders/${imaging.id}/results`, { version: 1, components: bmpValues() });
    expect(refused.statusCode).toBe(400);
    const reported = await doctor.agent.post(`/api/orders/${imaging.id}/results`, {
      version: 1,
      findings: 'Lungs clear.',
      report: 'No focal consolidation.',
    });
    expect(orderResponseSchema.parse(reported.json()).data).toMatchObject({
      status: 'resulted',
      findings: 'Lungs clear.',
      report: 'No focal consolidation.',
      reportFlag: 'normal',
    });
    expect((await doctor.agent.post(`/api/orders/${imaging.id}/release`, { version: 2 })).statusCode).toBe(200);
    expect((await patientPanels()).map((panel) => panel.id)).not.toContain(imaging.id);

    const referral = await place(doctor, {
      kind: 'referral',
      code: 'cardiology',
      target: 'Dr. Heart, City Clinic',
      reason: 'Palpitations',
    });
    expect(referral).toMatchObject({
      kind: 'referral',
      code: 'cardiology',
      target: 'Dr. Heart, City Clinic',
      name: 'Referral to Cardiology',
    });
  });

  it('someone else’s order answers 404 like a missing one, leaks nothing and changes nothing (IDOR harness)', async () => {
    const outsider = await createDoctorActor(t.app);
    const { outcomes, before, after, ownerStatus } = await probeIdor(
      {
        name: 'order',
        paths: [
          '/api/orders/:id',
          '/api/orders/:id/collect',
          '/api/orders/:id/results',
          '/api/orders/:id/release',
          '/api/orders/:id/cancel',
        ],
        body: { version: 1, reason: 'Taken over', components: bmpValues() },
        create: async (owner) => {
          const marker = `Secret question ${randomBytes(6).toString('hex')}`;
          const created = await owner.agent.post('/api/orders', { patientId: patient.user.id, kind: 'lab', code: 'bmp', reason: marker });
          return { id: orderResponseSchema.parse(created.json()).data.id, marker };
        },
        snapshot: (record) => snapshot(record.id),
        secrets: (record) => [record.marker, patient.user.lastName],
        ownerGet: 200,
      },
      doctor,
      outsider,
    );
    for (const outcome of outcomes) {
      expect([404, 405], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    expect(after).toEqual(before);
    expect(ownerStatus).toBe(200);
    expect((await outsider.agent.get(`/api/patients/${patient.user.id}/orders`)).statusCode).toBe(404);
  });
});
