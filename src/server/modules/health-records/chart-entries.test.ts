import { randomUUID } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contracts/live-events';
import { patientChartResponseSchema } from '../../../contracts/health-records';
import type { BusEnvelope } from '../../platform/events';
import { allergies, auditEvents, immunizations, problems, vitals } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// A clinician's changes to a chart: vitals with their units, plausible ranges and body mass index;
// allergies, coded problems and immunizations with versions. Who may write (patients never, staff
// with the permission only), what a refusal leaves (nothing), the audit event (ids and changed
// field names, no values) and the push to the patient and their doctors after the commit.

let t: TestApp;
let patient: Actor;
let doctor: Actor;
let otherDoctor: Actor;
let nurse: Actor;
let reception: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
  patient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  otherDoctor = await createDoctorActor(t.app);
  await assignCare(t.app, doctor.user.id, patient.user.id);
  nurse = await createActor(t.app, 'staff', {
    position: 'nurse',
    permissions: ['patients.view.all', 'patients.phi.access', 'medical_records.view', 'medical_records.create', 'medical_records.update'],
  });
  reception = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'medical_records.view'] });
});

afterAll(async () => {
  await t.close();
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

const auditSince = (id: number) => t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id));
const vitalsOf = (patientId: string) => t.app.db.select().from(vitals).where(eq(vitals.patientId, patientId));
/** The bus hands an event on at the next microtask: let it run before reading what was published. */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('POST /api/patients/{id}/vitals', () => {
  it('records a sitting in its units, adds the body mass index, audits the ids and pushes vitals_update after the commit', async () => {
    const since = await lastAuditId();
    published.length = 0;
    const response = await doctor.agent.post(`/api/patients/${patient.user.id}/vitals`, {
      'blood-pressure-systolic': 128,
      'blood-pressure-diastolic': 82,
      'heart-rate': 71,
      weight: 80,
      height: 180,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: { type: string; value: number; unit: string; id: string }[] }>();
    expect(Object.fromEntries(data.map((v) => [v.type, [v.value, v.unit]]))).toEqual({
      'blood-pressure-systolic': [128, 'mmHg'],
      'blood-pressure-diastolic': [82, 'mmHg'],
      'heart-rate': [71, '/min'],
      weight: [80, 'kg'],
      height: [180, 'cm'],
      bmi: [24.7, 'kg/m2'],
    });
    const events = await auditSince(since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'vitals.record',
      outcome: 'success',
      actorUserId: doctor.user.id,
      patientId: patient.user.id,
    });
    expect(events[0]!.details).toEqual(expect.objectContaining({ ids: expect.arrayContaining(data.map((v) => v.id)) }));
    expect(JSON.stringify(events[0]!.details)).not.toContain('128');
    await delivered();
    expect(published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }))).toContainEqual({
      recipients: [patient.user.id, doctor.user.id].sort(),
      event: expect.objectContaining({ type: 'vitals_update', action: 'created', patientId: patient.user.id }),
    });
  });

  it('works the body mass index out from the height on record when only a weight is entered', async () => {
    const response = await nurse.agent.post(`/api/patients/${patient.user.id}/vitals`, { weight: 90 });
    expect(response.statusCode).toBe(201);
    const types = response.json<{ data: { type: string; value: number }[] }>().data;
    expect(types.find((v) => v.type === 'bmi')?.value).toBe(27.8);
  });

  it('refuses an implausible value, a half blood pressure, an empty sitting or a reading in the future with 400 and keeps nothing', async () => {
    const before = await vitalsOf(patient.user.id);
    const since = await lastAuditId();
    for (const [body, field, key] of [
      [{ temperature: 370 }, 'temperature', 'This value is outside the plausible range'],
      [{ weight: 0 }, 'weight', 'This value is outside the plausible range'],
      [
        { 'blood-pressure-systolic': 120 },
        'blood-pressure-diastolic',
        'Enter both blood pressures, the systolic higher than the diastolic',
      ],
      [
        { 'blood-pressure-systolic': 70, 'blood-pressure-diastolic': 90 },
        'blood-pressure-diastolic',
        'Enter both blood pressures, the systolic higher than the diastolic',
      ],
      [{}, 'heart-rate', 'Enter at least one measurement'],
      [{ 'heart-rate': 70, measuredAt: new Date(Date.now() + 86_400_000).toISOString() }, 'measuredAt', 'The date cannot be in the future'],
    ] as const) {
      const response = await doctor.agent.post(`/api/patients/${patient.user.id}/vitals`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(body)).toBe(key);
    }
    expect(await vitalsOf(patient.user.id)).toEqual(before);
    expect((await auditSince(since)).filter((e) => e.action === 'vitals.record' && e.outcome === 'success')).toEqual([]);
  });

  it('refuses patients (403), staff without the permission (403), and another doctor’s patient (404) whatever the body', async () => {
    const before = await vitalsOf(patient.user.id);
    expect((await patient.agent.post(`/api/patients/${patient.user.id}/vitals`, { 'heart-rate': 70 })).statusCode).toBe(403);
    expect((await reception.agent.post(`/api/patients/${patient.user.id}/vitals`, { 'heart-rate': 70 })).statusCode).toBe(403);
    const missing = await otherDoctor.agent.post(`/api/patients/${randomUUID()}/vitals`, { 'heart-rate': 70 });
    for (const body of [{ 'heart-rate': 70 }, { temperature: 999 }]) {
      const response = await otherDoctor.agent.post(`/api/patients/${patient.user.id}/vitals`, body);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    expect(await vitalsOf(patient.user.id)).toEqual(before);
  });
});

describe('allergies, problems and immunizations', () => {
  it('adds an allergy and updates it with its version; a stale save is 409 and changes nothing', async () => {
    const since = await lastAuditId();
    published.length = 0;
    const created = await doctor.agent.post(`/api/patients/${patient.user.id}/allergies`, {
      allergen: 'Penicillin',
      type: 'drug',
      severity: 'moderate',
      reaction: 'Hives',
    });
    expect(created.statusCode).toBe(201);
    const allergy = created.json<{ data: { id: string; version: number; status: string } }>().data;
    expect(allergy).toMatchObject({ version: 1, status: 'active' });

    const updated = await nurse.agent.put(`/api/patients/${patient.user.id}/allergies/${allergy.id}`, {
      version: 1,
      severity: 'severe',
      reaction: 'Hives',
      status: 'active',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ severity: 'severe', version: 2 });

    const stale = await doctor.agent.put(`/api/patients/${patient.user.id}/allergies/${allergy.id}`, {
      version: 1,
      severity: 'mild',
      reaction: null,
      status: 'inactive',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_RECORD');
    const [row] = await t.app.db.select().from(allergies).where(eq(allergies.id, allergy.id));
    expect(row).toMatchObject({ severity: 'severe', status: 'active', reaction: 'Hives', version: 2 });

    const events = await auditSince(since);
    expect(events.map((e) => [e.action, e.outcome])).toEqual([
      ['allergy.create', 'success'],
      ['allergy.update', 'success'],
      ['allergy.update', 'failure'],
    ]);
    expect(events[1]!.details).toEqual(expect.objectContaining({ changed: ['severity'], fromVersion: 1, toVersion: 2 }));
    expect(JSON.stringify(events.map((e) => e.details))).not.toContain('Penicillin');
    await delivered();
    expect(published.map((p) => p.event)).toContainEqual(
      expect.objectContaining({ type: 'patient_update', action: 'updated', patientId: patient.user.id, section: 'allergies' }),
    );

    // The chart shows the change, with the header's alert for an active severe allergy.
    const chart = patientChartResponseSchema.parse((await doctor.agent.get(`/api/patients/${patient.user.id}/complete`)).json()).data;
    expect(chart.allergies.find((a) => a.id === allergy.id)).toMatchObject({ severity: 'severe', version: 2 });
    expect(chart.header.alerts).toContain('severe-allergy');
  });

  it('adds a coded problem (ICD-10-CM from the list) and resolves it; an unknown code is refused', async () => {
    const created = await doctor.agent.post(`/api/patients/${patient.user.id}/problems`, {
      icd10Code: 'I10',
      status: 'active',
      onsetDate: '2020-03-01',
    });
    expect(created.statusCode).toBe(201);
    const problem = created.json<{ data: { id: string; description: string } }>().data;
    expect(problem.description).toBe('Essential (primary) hypertension');
    const resolved = await doctor.agent.put(`/api/patients/${patient.user.id}/problems/${problem.id}`, {
      version: 1,
      status: 'resolved',
      onsetDate: '2020-03-01',
      resolvedDate: '2024-01-10',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolvedDate: '2024-01-10', version: 2 });
    const bad = await doctor.agent.post(`/api/patients/${patient.user.id}/problems`, {
      icd10Code: "I10'; drop table problems;--",
      status: 'active',
    });
    expect(bad.statusCode).toBe(400);
    const backwards = await doctor.agent.post(`/api/patients/${patient.user.id}/problems`, {
      icd10Code: 'E11.9',
      status: 'resolved',
      onsetDate: '2020-03-01',
      resolvedDate: '2019-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(
      await t.app.db
        .select()
        .from(problems)
        .where(and(eq(problems.patientId, patient.user.id), eq(problems.icd10Code, 'E11.9'))),
    ).toEqual([]);
  });

  it('records an immunization (CVX from the list) and corrects its lot number', async () => {
    const created = await doctor.agent.post(`/api/patients/${patient.user.id}/immunizations`, {
      cvxCode: '115',
      administeredOn: '2025-10-01',
      doseNumber: 1,
      lotNumber: 'AB12',
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json<{ data: { id: string; name: string } }>().data;
    expect(entry.name).toBe('Tdap');
    const fixed = await doctor.agent.put(`/api/patients/${patient.user.id}/immunizations/${entry.id}`, {
      version: 1,
      administeredOn: '2025-10-01',
      doseNumber: 1,
      lotNumber: 'AB13',
    });
    expect(fixed.json().data).toMatchObject({ lotNumber: 'AB13', version: 2 });
    const future = await doctor.agent.post(`/api/patients/${patient.user.id}/immunizations`, {
      cvxCode: '115',
      administeredOn: '2199-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields['administeredOn']).toBe('The date cannot be in the future');
  });

  it('an entry of another patient answers 404 through a patient the caller reaches', async () => {
    const other = await createActor(t.app, 'patient');
    const [foreign] = await t.app.db
      .insert(immunizations)
      .values({ patientId: other.user.id, cvxCode: '03', name: 'MMR', administeredOn: '2001-01-01' })
      .returning();
    const response = await doctor.agent.put(`/api/patients/${patient.user.id}/immunizations/${foreign!.id}`, {
      version: 1,
      administeredOn: '2001-01-01',
      lotNumber: 'X',
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(immunizations).where(eq(immunizations.id, foreign!.id));
    expect(row!.lotNumber).toBeNull();
  });
});
