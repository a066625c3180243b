import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { createDoctorActor, giveHistory } from '../test-support/clinical-fixtures';
import { createActor, type Actor } from '../test-support/idor-harness';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Who is asking, per request: a doctor's emergency access to a chart outside their care is
// possible only with a reason, and is on the record with it; no patient data leaves the server
// before its audit event is durable.

let t: TestApp;
let patient: Actor;
let doctor: Actor;

const REASON = 'Unconscious patient in the emergency room, no other record available';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  // The patient is in the care of another doctor, not of `doctor`.
  await giveHistory(t.app, patient.user.id, [(await createDoctorActor(t.app)).user.id]);
});

afterAll(async () => {
  await t.close();
});

const chartEvents = (actorId: string) =>
  t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorUserId, actorId), eq(auditEvents.action, 'chart.read')));

describe('break the glass', () => {
  it('lets a doctor open a chart outside their care only with a reason, and records the reason', async () => {
    const url = `/api/patients/${patient.user.id}/complete`;
    expect((await doctor.agent.get(url)).statusCode).toBe(404);

    const opened = await doctor.agent.get(url, { headers: { 'x-break-glass-reason': REASON } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.patient.id).toBe(patient.user.id);

    const events = await chartEvents(doctor.user.id);
    const granted = events.find((event) => event.outcome === 'success');
    expect(granted).toMatchObject({ patientId: patient.user.id, details: expect.objectContaining({ breakGlass: REASON }) });
    // The refused attempt before it names nobody.
    expect(events.find((event) => event.outcome === 'failure')?.patientId).toBeNull();
  });

  it('refuses a reason too short to say anything, and changes no one else’s reach', async () => {
    const url = `/api/patients/${patient.user.id}/complete`;
    const short = await doctor.agent.get(url, { headers: { 'x-break-glass-reason': 'because' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('VALIDATION_FAILED');

    // Only doctors can break the glass: a patient or staff member sending the header reaches no further.
    const other = await createActor(t.app, 'patient');
    expect((await other.agent.get(url, { headers: { 'x-break-glass-reason': REASON } })).statusCode).toBe(404);
    const clerk = await createActor(t.app, 'staff', { permissions: ['medical_records.view'] });
    expect((await clerk.agent.get(url, { headers: { 'x-break-glass-reason': REASON } })).statusCode).toBe(404);
  });
});

describe('the audit event comes first', () => {
  it('withholds the answer (503, no patient data) when its audit event cannot be written', async () => {
    // Stand-in for an audit store that is down: the database refuses this one kind of event.
    await t.app.db.execute(sql`alter table audit_events add constraint refuse_vitals_for_test check (action <> 'vitals.list') not valid`);
    try {
      const answer = await patient.agent.get(`/api/patients/${patient.user.id}/vitals`);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.body).not.toContain(patient.user.id);
    } finally {
      await t.app.db.execute(sql`alter table audit_events drop constraint refuse_vitals_for_test`);
    }
    expect((await patient.agent.get(`/api/patients/${patient.user.id}/vitals`)).statusCode).toBe(200);
  });

  it('has the event in the database by the time the answer arrives', async () => {
    const answer = await patient.agent.get(`/api/patients/${patient.user.id}/lab-results`);
    expect(answer.statusCode).toBe(200);
    const requestId = answer.headers['x-request-id'] as string;
    const [event] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
    expect(event).toMatchObject({ action: 'lab-result.list', outcome: 'success', patientId: patient.user.id });
  });
});
