import { randomUUID } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskCountResponseSchema, taskListResponseSchema, taskResponseSchema } from '../../../contracts/tasks';
import { auditEvents, medications, tasks } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The caller's own tasks: refill requests arrive as system tasks that close themselves; manual
// follow-ups are added and ticked off by hand.

let t: TestApp;
let doctor: Actor;
let colleague: Actor;
let patient: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  colleague = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  await assignCare(t.app, doctor.user.id, patient.user.id);
});

afterAll(async () => {
  await t.close();
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function refillTask(): Promise<{ requestId: string; medicationName: string }> {
  const name = `Tasktol ${randomUUID().slice(0, 6)} 10 mg oral tablet`;
  const [medication] = await t.app.db
    .insert(medications)
    .values({
      patientId: patient.user.id,
      name,
      dosage: '10 mg',
      frequency: 'once-daily',
      startDate: '2026-01-05',
      prescribedBy: doctor.user.id,
    })
    .returning({ id: medications.id });
  const response = await patient.agent.post(`/api/medications/${medication!.id}/refill-requests`, {});
  expect(response.statusCode).toBe(201);
  return { requestId: response.json().data.id, medicationName: name };
}

const count = async (actor: Actor) => taskCountResponseSchema.parse((await actor.agent.get('/api/tasks/count')).json()).open;

describe('tasks', () => {
  it('lists a refill request as the prescriber’s open task with patient, medication, due date and priority; it closes on decision', async () => {
    const before = await count(doctor);
    const { requestId, medicationName } = await refillTask();
    expect(await count(doctor)).toBe(before + 1);
    const since = await lastAuditId();
    const { data } = taskListResponseSchema.parse((await doctor.agent.get('/api/tasks?pageSize=100')).json());
    const task = data.find((item) => item.refillRequestId === requestId)!;
    expect(task).toMatchObject({
      kind: 'refill-request',
      status: 'open',
      priority: 'medium',
      patientId: patient.user.id,
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
      medicationName,
      assigneeId: doctor.user.id,
      assignee: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
    });
    expect(task.dueDate).not.toBeNull();
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toEqual([expect.objectContaining({ action: 'task.list', actorUserId: doctor.user.id })]);

    // Ticking a system task by hand is refused; the decision closes it.
    const refused = await doctor.agent.patch(`/api/tasks/${task.id}`, { status: 'done' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TASK_SYSTEM_MANAGED');
    expect((await doctor.agent.post(`/api/medications/refill-requests/${requestId}/decision`, { decision: 'approve' })).statusCode).toBe(
      200,
    );
    expect(await count(doctor)).toBe(before);
    const done = taskListResponseSchema.parse((await doctor.agent.get('/api/tasks?status=done&pageSize=100')).json()).data;
    expect(done.find((item) => item.id === task.id)).toMatchObject({ status: 'done' });
  });

  it('adds a manual follow-up, ticks it done and open again, audited', async () => {
    const created = await doctor.agent.post('/api/tasks', {
      title: 'Call the lab about the HbA1c',
      dueDate: '2026-12-01',
      priority: 'high',
    });
    expect(created.statusCode).toBe(201);
    const task = taskResponseSchema.parse(created.json()).data;
    expect(task).toMatchObject({ kind: 'follow-up', status: 'open', priority: 'high', dueDate: '2026-12-01', patientId: null });
    const since = await lastAuditId();
    const done = await doctor.agent.patch(`/api/tasks/${task.id}`, { status: 'done' });
    expect(taskResponseSchema.parse(done.json()).data).toMatchObject({ status: 'done' });
    const reopened = await doctor.agent.patch(`/api/tasks/${task.id}`, { status: 'open' });
    expect(taskResponseSchema.parse(reopened.json()).data).toMatchObject({ status: 'open', completedAt: null });
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'task.update')));
    expect(events).toHaveLength(2);
  });

  it('validates input and keeps tasks to their assignee; patients are refused', async () => {
    for (const body of [
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'ok', dueDate: '1800-01-01' },
      { title: 'ok', priority: 'urgent' },
      { title: 'ok', kind: 'refill-request' },
    ])
      expect((await doctor.agent.post('/api/tasks', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await doctor.agent.get('/api/tasks?pageSize=101')).statusCode).toBe(400);
    expect((await patient.agent.get('/api/tasks')).statusCode).toBe(403);
    const mine = taskListResponseSchema.parse((await colleague.agent.get('/api/tasks?status=all')).json()).data;
    expect(mine.every((task) => task.assigneeId === colleague.user.id)).toBe(true);
  });

  it('someone else’s task answers 404 like a missing one, and does not change (IDOR harness)', async () => {
    const { outcomes, before, after } = await probeIdor(
      {
        name: 'task',
        paths: ['/api/tasks/:id'],
        body: { status: 'done' },
        create: async (owner) => taskResponseSchema.parse((await owner.agent.post('/api/tasks', { title: 'secret-task-77' })).json()).data,
        snapshot: async (record) => t.app.db.select().from(tasks).where(eq(tasks.id, record.id)),
        secrets: () => ['secret-task-77'],
      },
      doctor,
      colleague,
    );
    for (const outcome of outcomes) {
      expect([404, 405], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    expect(outcomes.find((o) => o.method === 'PATCH')!.status).toBe(404);
    expect(after).toEqual(before);
  });
});
