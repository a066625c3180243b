import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contracts/live-events';
import {
  pendingRefillListResponseSchema,
  REFILL_REFUSALS,
  refillRequestListResponseSchema,
  refillRequestResponseSchema,
} from '../../../contracts/refill-requests';
import { auditEvents, medications, notifications, refillRequests, tasks, users } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor, giveHistory } from '../../test-support/clinical-fixtures';
import { createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Refill requests, the prescriber's task and notification, and the live refresh.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  await giveHistory(t.app, patient.user.id, [doctor.user.id]);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

async function medicationFor(
  patientId: string,
  overrides: Partial<typeof medications.$inferInsert> = {},
): Promise<{ id: string; name: string }> {
  const [row] = await t.app.db
    .insert(medications)
    .values({
      patientId,
      name: `Refillol ${randomUUID().slice(0, 8)} 10 mg oral tablet`,
      dosage: '10 mg',
      frequency: 'once daily',
      startDate: '2026-01-05',
      status: 'active',
      prescribedBy: doctor.user.id,
      ...overrides,
    })
    .returning({ id: medications.id, name: medications.name });
  return row!;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function counts(medicationId: string) {
  const [requests] = await t.app.db.select({ n: count() }).from(refillRequests).where(eq(refillRequests.medicationId, medicationId));
  const [taskRows] = await t.app.db.select({ n: count() }).from(tasks).where(eq(tasks.assigneeId, doctor.user.id));
  const [bell] = await t.app.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, doctor.user.id));
  return { requests: requests!.n, tasks: taskRows!.n, notifications: bell!.n };
}

const refill = (actor: Actor, medicationId: string, body: unknown = {}) =>
  actor.agent.post(`/api/medications/${medicationId}/refill-requests`, body);

describe('POST /api/medications/{id}/refill-requests', () => {
  it('creates the request, a task and a pushed notification for the prescriber, a live update, and an audit event', async () => {
    const medication = await medicationFor(patient.user.id);
    const since = await lastAuditId();
    published.length = 0;
    const response = await refill(patient, medication.id, { note: '  Running out on Friday  ' });
    expect(response.statusCode).toBe(201);
    const { data } = refillRequestResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      medicationId: medication.id,
      patientId: patient.user.id,
      status: 'requested',
      note: 'Running out on Friday',
      prescriberId: doctor.user.id,
      prescriber: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
      decidedAt: null,
    });
    expect(response.body).not.toContain('Dr. ');

    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.refillRequestId, data.id));
    expect(task).toMatchObject({ assigneeId: doctor.user.id, patientId: patient.user.id, kind: 'refill-request', status: 'open' });
    expect(task!.title).toContain(medication.name);

    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctor.user.id), eq(notifications.code, 'medication.refill_requested')));
    expect(notice).toMatchObject({ type: 'other', readAt: null });
    // The patient by the parts, which the web orders in the reader's language.
    expect(notice!.params).toEqual({
      patientFirstName: patient.user.firstName,
      patientLastName: patient.user.lastName,
      medication: medication.name,
    });
    expect(notice!.metadata).toEqual({ patientFirstName: patient.user.firstName, patientLastName: patient.user.lastName });

    await new Promise((resolve) => setTimeout(resolve, 0));
    const pushed = published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }));
    expect(pushed).toContainEqual({
      recipients: [doctor.user.id],
      event: expect.objectContaining({ type: 'notification', notification: expect.objectContaining({ id: notice!.id }) }),
    });
    expect(pushed).toContainEqual({
      recipients: [patient.user.id, doctor.user.id].sort(),
      event: expect.objectContaining({
        type: 'medication_update',
        action: 'updated',
        patientId: patient.user.id,
        medicationId: medication.id,
      }),
    });

    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'medication.refill-request',
        outcome: 'success',
        actorUserId: patient.user.id,
        patientId: patient.user.id,
        resourceId: data.id,
      }),
    );
  });

  it('refuses a second open request (409) and changes nothing', async () => {
    const medication = await medicationFor(patient.user.id);
    expect((await refill(patient, medication.id)).statusCode).toBe(201);
    const before = await counts(medication.id);
    const again = await refill(patient, medication.id, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: REFILL_REFUSALS.alreadyRequested } });
    expect(await counts(medication.id)).toEqual(before);
  });

  it('refuses discontinued medications and those with no prescriber here, each with its message', async () => {
    const stopped = await medicationFor(patient.user.id, { status: 'discontinued', endDate: '2026-02-01' });
    const outside = await medicationFor(patient.user.id, { prescribedBy: null });
    const [retired] = await t.app.db
      .insert(users)
      .values({ email: `retired-${randomUUID()}@example.org`, firstName: 'Ret', lastName: 'Ired', role: 'doctor', isActive: false })
      .returning({ id: users.id });
    const formerDoctor = await medicationFor(patient.user.id, { prescribedBy: retired!.id });
    for (const [medication, message] of [
      [stopped, REFILL_REFUSALS.discontinued],
      [outside, REFILL_REFUSALS.noPrescriber],
      [formerDoctor, REFILL_REFUSALS.noPrescriber],
    ] as const) {
      const since = await lastAuditId();
      const response = await refill(patient, medication.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(message);
      const [stored] = await t.app.db.select({ n: count() }).from(refillRequests).where(eq(refillRequests.medicationId, medication.id));
      expect(stored!.n).toBe(0);
      const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
      expect(events).toEqual([
        expect.objectContaining({ action: 'medication.refill-request', outcome: 'failure', patientId: patient.user.id }),
      ]);
    }
  });

  it('validates the note, refuses other roles, and answers 404 for a missing medication', async () => {
    const medication = await medicationFor(patient.user.id);
    expect((await refill(patient, medication.id, { note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await refill(patient, medication.id, { note: 'ok', status: 'approved' })).statusCode).toBe(400);
    expect((await refill(doctor, medication.id)).statusCode).toBe(403);
    expect((await refill(patient, randomUUID())).statusCode).toBe(404);
    expect((await refill(patient, 'not-an-id')).statusCode).toBe(404);
    expect((await counts(medication.id)).requests).toBe(0);
  });

  it('another patient’s medication answers 404 like a missing one, and nothing is created (IDOR harness)', async () => {
    const { outcomes, before, after } = await probeIdor(
      {
        name: 'refill request',
        paths: ['/api/medications/:id/refill-requests'],
        body: { note: 'please' },
        create: async (owner) => medicationFor(owner.user.id),
        snapshot: async (record) => t.app.db.select().from(refillRequests).where(eq(refillRequests.medicationId, record.id)),
        secrets: (record) => [record.name],
      },
      patient,
      otherPatient,
    );
    for (const outcome of outcomes) {
      expect([403, 404, 405], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    const post = outcomes.find((o) => o.method === 'POST')!;
    expect(post.status).toBe(404);
    expect(after).toEqual(before);
  });
});

describe('POST /api/medications/{id}/refill-requests with an Idempotency-Key', () => {
  // A patient of their own address: the requests here do not count against the others' rate limit.
  let keyed: Actor;
  beforeAll(async () => {
    const { user } = await createActor(t.app, 'patient');
    const agent = new TestAgent(t.app, '10.19.0.3');
    await agent.signInAs(user.id);
    keyed = { user, agent };
  });

  const withKey = (actor: Actor, medicationId: string, key: string, body: unknown) =>
    actor.agent.post(`/api/medications/${medicationId}/refill-requests`, body, { headers: { 'idempotency-key': key } });

  it('answers a retry with the same key with the first outcome, creating nothing twice', async () => {
    const medication = await medicationFor(keyed.user.id);
    const key = `refill-${randomUUID()}`;
    const first = await withKey(keyed, medication.id, key, { note: 'Friday' });
    expect(first.statusCode).toBe(201);
    const before = await counts(medication.id);
    const retry = await withKey(keyed, medication.id, key, { note: 'Friday' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await counts(medication.id)).toEqual(before);
    // Without the key the same request is a second one, and refused.
    expect((await refill(keyed, medication.id, { note: 'Friday' })).statusCode).toBe(409);
  });

  it('refuses the same key sent with a different request (422) and creates nothing', async () => {
    const medication = await medicationFor(keyed.user.id);
    const key = `refill-${randomUUID()}`;
    expect((await withKey(keyed, medication.id, key, { note: 'Friday' })).statusCode).toBe(201);
    const before = await counts(medication.id);
    const reused = await withKey(keyed, medication.id, key, { note: 'Saturday' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await counts(medication.id)).toEqual(before);
  });

  it('keeps nothing of a refused request, so the same key answers as the request does now', async () => {
    const medication = await medicationFor(keyed.user.id, { status: 'discontinued', endDate: '2026-02-01' });
    const key = `refill-${randomUUID()}`;
    const refused = await withKey(keyed, medication.id, key, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('REFILL_DISCONTINUED');
    await t.app.db.update(medications).set({ status: 'active', endDate: null }).where(eq(medications.id, medication.id));
    expect((await withKey(keyed, medication.id, key, {})).statusCode).toBe(201);
  });
});

describe('GET /api/medications/patient/{id}/refill-requests', () => {
  it('lists the patient’s requests newest first for the patient and their doctor, audited under the patient', async () => {
    const medication = await medicationFor(patient.user.id);
    const created = refillRequestResponseSchema.parse((await refill(patient, medication.id)).json()).data;
    for (const reader of [patient, doctor]) {
      const since = await lastAuditId();
      const response = await reader.agent.get(`/api/medications/patient/${patient.user.id}/refill-requests`);
      expect(response.statusCode).toBe(200);
      const { data } = refillRequestListResponseSchema.parse(response.json());
      expect(data[0]).toEqual(created);
      expect(data.every((r) => r.patientId === patient.user.id)).toBe(true);
      const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
      expect(events).toEqual([
        expect.objectContaining({ action: 'medication.refill-requests.list', actorUserId: reader.user.id, patientId: patient.user.id }),
      ]);
    }
  });

  it('another patient’s list answers 404 like a missing one (IDOR harness)', async () => {
    const { outcomes, before, after, ownerStatus } = await probeIdor(
      {
        name: 'refill request list',
        paths: ['/api/medications/patient/:userId/refill-requests'],
        methods: ['GET'],
        create: async (owner) => {
          const medication = await medicationFor(owner.user.id);
          return { ...refillRequestResponseSchema.parse((await refill(owner, medication.id, { note: 'secret-note-42' })).json()).data };
        },
        snapshot: async (record) => t.app.db.select().from(refillRequests).where(eq(refillRequests.id, record.id)),
        secrets: (record) => [record.id, 'secret-note-42'],
        ownerGet: 200,
      },
      otherPatient,
      patient,
    );
    expect(outcomes.map((o) => o.status)).toEqual([404]);
    expect(outcomes[0]!.leaked).toEqual([]);
    expect(after).toEqual(before);
    expect(ownerStatus).toBe(200);
    const missing = await patient.agent.get(`/api/medications/patient/${randomUUID()}/refill-requests`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/medications/refill-requests/{id}/decision', () => {
  const decide = (actor: Actor, requestId: string, body: unknown) =>
    actor.agent.post(`/api/medications/refill-requests/${requestId}/decision`, body);

  async function requested(): Promise<{ medication: { id: string; name: string }; requestId: string }> {
    const medication = await medicationFor(patient.user.id);
    const { data } = refillRequestResponseSchema.parse((await refill(patient, medication.id)).json());
    return { medication, requestId: data.id };
  }

  async function stateOf(requestId: string) {
    const [request] = await t.app.db.select().from(refillRequests).where(eq(refillRequests.id, requestId));
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.refillRequestId, requestId));
    const [told] = await t.app.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, patient.user.id));
    return { request, task, told: told!.n };
  }

  it('approves: the request is decided, the task closes by itself, the patient is told and their view refreshes live', async () => {
    const { medication, requestId } = await requested();
    const [openTask] = await t.app.db.select().from(tasks).where(eq(tasks.refillRequestId, requestId));
    expect(openTask).toMatchObject({ status: 'open', priority: 'medium' });
    expect(openTask!.dueDate).not.toBeNull();
    const since = await lastAuditId();
    published.length = 0;
    const response = await decide(doctor, requestId, { decision: 'approve' });
    expect(response.statusCode).toBe(200);
    const { data } = refillRequestResponseSchema.parse(response.json());
    expect(data).toMatchObject({ id: requestId, status: 'approved', decisionReason: null });
    expect(data.decidedAt).not.toBeNull();

    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.refillRequestId, requestId));
    expect(task).toMatchObject({ status: 'done' });
    expect(task!.completedAt).not.toBeNull();
    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, patient.user.id),
          eq(notifications.code, 'medication.refill_approved'),
          gt(notifications.createdAt, openTask!.createdAt),
        ),
      );
    expect(notice!.params).toEqual({ medication: medication.name });

    await new Promise((resolve) => setTimeout(resolve, 0));
    const pushed = published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }));
    expect(pushed).toContainEqual({
      recipients: [patient.user.id, doctor.user.id].sort(),
      event: expect.objectContaining({
        type: 'medication_update',
        patientId: patient.user.id,
        medicationId: medication.id,
        reason: 'refill_approved',
      }),
    });
    expect(pushed).toContainEqual({
      recipients: [patient.user.id],
      event: expect.objectContaining({ type: 'notification', notification: expect.objectContaining({ id: notice!.id }) }),
    });
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'medication.refill-decision',
        outcome: 'success',
        actorUserId: doctor.user.id,
        patientId: patient.user.id,
        resourceId: requestId,
      }),
    );
  });

  it('denies only with a reason, which the patient reads on their list', async () => {
    const { requestId } = await requested();
    expect((await decide(doctor, requestId, { decision: 'deny' })).statusCode).toBe(400);
    expect((await decide(doctor, requestId, { decision: 'deny', reason: '   ' })).statusCode).toBe(400);
    expect((await decide(doctor, requestId, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(doctor, requestId, { decision: 'deny', reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await stateOf(requestId)).request).toMatchObject({ status: 'requested' });

    const response = await decide(doctor, requestId, { decision: 'deny', reason: 'Please book a review first.' });
    expect(response.statusCode).toBe(200);
    const { data } = refillRequestListResponseSchema.parse(
      (await patient.agent.get(`/api/medications/patient/${patient.user.id}/refill-requests`)).json(),
    );
    expect(data.find((r) => r.id === requestId)).toMatchObject({ status: 'denied', decisionReason: 'Please book a review first.' });
    const [notice] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, patient.user.id), eq(notifications.code, 'medication.refill_denied')));
    expect(notice).toMatchObject({ priority: 'high' });
  });

  it('refuses a second decision (409) and changes nothing', async () => {
    const { requestId } = await requested();
    expect((await decide(doctor, requestId, { decision: 'approve' })).statusCode).toBe(200);
    const before = await stateOf(requestId);
    const since = await lastAuditId();
    const again = await decide(doctor, requestId, { decision: 'deny', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect(await stateOf(requestId)).toEqual(before);
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toEqual([expect.objectContaining({ action: 'medication.refill-decision', outcome: 'failure' })]);
  });

  it('another doctor, even one caring for the patient, gets 404; the patient 403; nothing changes', async () => {
    const { requestId } = await requested();
    const colleague = await createDoctorActor(t.app);
    await giveHistory(t.app, patient.user.id, [colleague.user.id]);
    const before = await stateOf(requestId);
    const missing = await decide(colleague, randomUUID(), { decision: 'approve' });
    const foreign = await decide(colleague, requestId, { decision: 'approve' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await decide(patient, requestId, { decision: 'approve' })).statusCode).toBe(403);
    expect((await decide(doctor, 'not-an-id', { decision: 'approve' })).statusCode).toBe(404);
    expect(await stateOf(requestId)).toEqual(before);
    expect(
      (await colleague.agent.get('/api/medications/refill-requests/pending')).json().data.map((r: { id: string }) => r.id),
    ).not.toContain(requestId);
  });
});

describe('GET /api/medications/refill-requests/pending', () => {
  it('lists the requests waiting for the caller, oldest first, with patient and medication, audited', async () => {
    const first = await medicationFor(patient.user.id);
    const second = await medicationFor(patient.user.id);
    const a = refillRequestResponseSchema.parse((await refill(patient, first.id)).json()).data;
    const b = refillRequestResponseSchema.parse((await refill(patient, second.id)).json()).data;
    const since = await lastAuditId();
    const response = await doctor.agent.get('/api/medications/refill-requests/pending');
    expect(response.statusCode).toBe(200);
    const { data } = pendingRefillListResponseSchema.parse(response.json());
    const ids = data.map((r) => r.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(data.every((r) => r.status === 'requested' && r.prescriberId === doctor.user.id)).toBe(true);
    expect(data.find((r) => r.id === a.id)).toMatchObject({
      medicationName: first.name,
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
    });
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toEqual([expect.objectContaining({ action: 'medication.refill-requests.pending', actorUserId: doctor.user.id })]);
    expect((await patient.agent.get('/api/medications/refill-requests/pending')).statusCode).toBe(403);
  });
});
