import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contracts/live-events';
import {
  prescriptionCheckResponseSchema,
  prescriptionListResponseSchema,
  prescriptionResponseSchema,
  type CreatePrescription,
} from '../../../contracts/prescribing';
import { allergies, auditEvents, medications } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// A doctor's prescribing: the checks against allergies, duplicate therapy and interactions, the
// override rule, discontinuing, renewing, and the list of what they prescribed.

let t: TestApp;
let doctor: Actor;
let stranger: Actor;
let admin: Actor;
let reception: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  stranger = await createDoctorActor(t.app);
  admin = await createActor(t.app, 'admin');
  reception = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'medications.view.all'] });
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

/** A patient in the doctor's care, allergic to penicillin, taking warfarin and lisinopril (recorded by name only). */
async function carePatient(): Promise<Actor> {
  const patient = await createActor(t.app, 'patient');
  await assignCare(t.app, doctor.user.id, patient.user.id);
  await t.app.db.insert(allergies).values([
    { patientId: patient.user.id, allergen: 'Penicillin', type: 'drug', severity: 'severe', reaction: 'Hives' },
    { patientId: patient.user.id, allergen: 'Codeine', type: 'drug', severity: 'moderate', status: 'inactive' },
  ]);
  await t.app.db.insert(medications).values([
    { patientId: patient.user.id, name: 'Warfarin 5 mg oral tablet', dosage: '5 mg', frequency: 'once-daily', startDate: '2026-01-05' },
    { patientId: patient.user.id, name: 'Lisinopril 10 mg oral tablet', dosage: '10 mg', frequency: 'once-daily', startDate: '2026-01-05' },
  ]);
  return patient;
}

const valid = (patientId: string, overrides: Partial<CreatePrescription> = {}): CreatePrescription => ({
  patientId,
  drugCode: 'paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'every-4-6-hours-as-needed',
  durationDays: 10,
  quantity: 30,
  refills: 1,
  instructions: 'No more than 8 tablets a day.',
  ...overrides,
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function medicationCount(patientId: string): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(medications).where(eq(medications.patientId, patientId));
  return row!.n;
}

const check = (actor: Actor, body: unknown) => actor.agent.post('/api/medications/checks', body);
const prescribe = (actor: Actor, body: unknown) => actor.agent.post('/api/medications', body);

describe('POST /api/medications/checks', () => {
  it('warns of an active allergy, duplicate therapy and a known interaction; nothing for a safe drug', async () => {
    const patient = await carePatient();
    const warningsFor = async (body: Record<string, unknown>) => {
      const response = await check(doctor, { patientId: patient.user.id, ...body });
      expect(response.statusCode).toBe(200);
      return prescriptionCheckResponseSchema.parse(response.json()).data;
    };
    expect(await warningsFor({ drugCode: 'amoxicillin' })).toEqual([
      expect.objectContaining({ kind: 'allergy', allergen: 'Penicillin', severity: 'severe', reaction: 'Hives' }),
    ]);
    expect(await warningsFor({ drugCode: 'ibuprofen' })).toEqual([
      expect.objectContaining({ kind: 'interaction', medicationName: 'Warfarin 5 mg oral tablet', severity: 'major', effect: 'bleeding' }),
    ]);
    expect(await warningsFor({ drugCode: 'ramipril' })).toEqual([
      expect.objectContaining({ kind: 'duplicate', medicationName: 'Lisinopril 10 mg oral tablet', group: 'ace-inhibitor' }),
    ]);
    // An inactive allergy does not count.
    expect(await warningsFor({ drugCode: 'codeine' })).toEqual([]);
    expect(await warningsFor({ drugCode: 'paracetamol' })).toEqual([]);
    // Free text is matched by name.
    expect(await warningsFor({ drugName: 'Penicillin G benzathine' })).toEqual([expect.objectContaining({ kind: 'allergy' })]);
    expect(await warningsFor({ drugName: 'warfarin sodium' })).toEqual([
      expect.objectContaining({ kind: 'duplicate', group: 'anticoagulant' }),
    ]);
    expect(await warningsFor({ drugName: 'Zinc gluconate' })).toEqual([]);
  });

  it('answers 404 for a patient outside the doctor’s care, like a missing one; 403 to others; 400 without a drug', async () => {
    const patient = await carePatient();
    const missing = await check(stranger, { patientId: randomUUID(), drugCode: 'amoxicillin' });
    const foreign = await check(stranger, { patientId: patient.user.id, drugCode: 'amoxicillin' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await check(patient, { patientId: patient.user.id, drugCode: 'amoxicillin' })).statusCode).toBe(403);
    expect((await check(reception, { patientId: patient.user.id, drugCode: 'amoxicillin' })).statusCode).toBe(403);
    expect((await check(doctor, { patientId: patient.user.id })).statusCode).toBe(400);
    expect((await check(doctor, { patientId: patient.user.id, drugCode: 'unobtainium' })).statusCode).toBe(400);
  });
});

describe('POST /api/medications', () => {
  it('prescribes from the drug list: stored with every field, audited with ids, pushed to patient and prescriber', async () => {
    const patient = await carePatient();
    const since = await lastAuditId();
    published.length = 0;
    const response = await prescribe(doctor, valid(patient.user.id));
    expect(response.statusCode).toBe(201);
    const { data } = prescriptionResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      patientId: patient.user.id,
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
      name: 'Paracetamol 500 mg oral tablet',
      drugCode: 'paracetamol',
      strength: '500 mg',
      dosage: '1 tablet',
      route: 'oral',
      frequency: 'every-4-6-hours-as-needed',
      durationDays: 10,
      quantity: 30,
      refills: 1,
      status: 'active',
      prescriberId: doctor.user.id,
      overrideReason: null,
    });
    expect(data.endDate).not.toBeNull();

    // The patient's own list names the drug by the same code and strength, so it reads in their language.
    const list = (await patient.agent.get(`/api/medications/patient/${patient.user.id}`)).json().data as { id: string }[];
    expect(list).toContainEqual(expect.objectContaining({ id: data.id, drugCode: 'paracetamol', strength: '500 mg' }));

    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }))).toContainEqual({
      recipients: [patient.user.id, doctor.user.id].sort(),
      event: expect.objectContaining({ type: 'medication_update', action: 'created', medicationId: data.id, doctorId: doctor.user.id }),
    });
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'medication.prescribe',
        outcome: 'success',
        actorUserId: doctor.user.id,
        patientId: patient.user.id,
        resourceId: data.id,
      }),
    );
  });

  it('refuses a prescription with warnings without an override reason (409), writing nothing; keeps the reason when given', async () => {
    const patient = await carePatient();
    const before = await medicationCount(patient.user.id);
    const since = await lastAuditId();
    const body = valid(patient.user.id, { drugCode: 'amoxicillin', strength: '500 mg', frequency: 'three-times-daily' });
    for (const overrideReason of [undefined, '', '   ']) {
      const refused = await prescribe(doctor, { ...body, overrideReason });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('PRESCRIPTION_OVERRIDE_REQUIRED');
    }
    expect(await medicationCount(patient.user.id)).toBe(before);
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.action === 'medication.prescribe' && e.outcome === 'failure')).toBe(true);

    const reason = 'Tolerated amoxicillin in 2024 under supervision; rash only.';
    const written = await prescribe(doctor, { ...body, overrideReason: reason });
    expect(written.statusCode).toBe(201);
    expect(prescriptionResponseSchema.parse(written.json()).data.overrideReason).toBe(reason);
  });

  it('refuses interactions and duplicate therapy alike without a reason', async () => {
    const patient = await carePatient();
    for (const drugCode of ['ibuprofen', 'lisinopril'] as const)
      expect((await prescribe(doctor, valid(patient.user.id, { drugCode, strength: '10 mg' }))).json().error.code).toBe(
        'PRESCRIPTION_OVERRIDE_REQUIRED',
      );
    const free = await prescribe(doctor, valid(patient.user.id, { drugCode: null, drugName: 'Zinc gluconate', strength: '50 mg' }));
    expect(free.statusCode).toBe(201);
    expect(prescriptionResponseSchema.parse(free.json()).data).toMatchObject({ name: 'Zinc gluconate 50 mg', drugCode: null });
  });

  it('validates bounds and refuses patients outside the doctor’s care (404) and other roles (403)', async () => {
    const patient = await carePatient();
    const before = await medicationCount(patient.user.id);
    for (const bad of [
      { quantity: 0 },
      { quantity: 1001 },
      { refills: 13 },
      { refills: -1 },
      { durationDays: 366 },
      { route: 'telepathic' },
      { frequency: 'hourly' },
      { strength: '' },
      { dose: 'x'.repeat(81) },
      { instructions: 'x'.repeat(501) },
      { drugCode: null },
      { prescribedBy: admin.user.id },
    ] as Partial<CreatePrescription>[]) {
      expect((await prescribe(doctor, { ...valid(patient.user.id), ...bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await prescribe(stranger, valid(patient.user.id))).statusCode).toBe(404);
    expect((await prescribe(patient, valid(patient.user.id))).statusCode).toBe(403);
    expect((await prescribe(admin, valid(patient.user.id))).statusCode).toBe(403);
    expect(await medicationCount(patient.user.id)).toBe(before);
  });
});

describe('discontinue and renew', () => {
  async function prescribed(patient: Actor): Promise<string> {
    return prescriptionResponseSchema.parse((await prescribe(doctor, valid(patient.user.id))).json()).data.id;
  }

  it('discontinues with a reason, once; pushed and audited', async () => {
    const patient = await carePatient();
    const id = await prescribed(patient);
    expect((await doctor.agent.post(`/api/medications/${id}/discontinue`, {})).statusCode).toBe(400);
    expect((await stranger.agent.post(`/api/medications/${id}/discontinue`, { reason: 'No' })).statusCode).toBe(404);
    published.length = 0;
    const since = await lastAuditId();
    const response = await doctor.agent.post(`/api/medications/${id}/discontinue`, { reason: 'Pain resolved' });
    expect(response.statusCode).toBe(200);
    expect(prescriptionResponseSchema.parse(response.json()).data).toMatchObject({
      status: 'discontinued',
      discontinuedReason: 'Pain resolved',
    });
    const [row] = await t.app.db.select().from(medications).where(eq(medications.id, id));
    expect(row!.endDate).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published.map((p) => p.event as LiveEvent)).toContainEqual(
      expect.objectContaining({ type: 'medication_update', action: 'discontinued', medicationId: id }),
    );
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toContainEqual(expect.objectContaining({ action: 'medication.discontinue', outcome: 'success', resourceId: id }));
    const again = await doctor.agent.post(`/api/medications/${id}/discontinue`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
  });

  it('renews: a new active prescription from today by the caller, the old one stopped as renewed', async () => {
    const patient = await carePatient();
    const id = await prescribed(patient);
    const response = await doctor.agent.post(`/api/medications/${id}/renew`, {});
    expect(response.statusCode).toBe(201);
    const { data } = prescriptionResponseSchema.parse(response.json());
    expect(data.id).not.toBe(id);
    expect(data).toMatchObject({ status: 'active', name: 'Paracetamol 500 mg oral tablet', quantity: 30, prescriberId: doctor.user.id });
    const [old] = await t.app.db.select().from(medications).where(eq(medications.id, id));
    expect(old).toMatchObject({ status: 'discontinued', discontinuedReason: 'Renewed' });
    expect((await stranger.agent.post(`/api/medications/${data.id}/renew`, {})).statusCode).toBe(404);
  });

  it('renewing a drug the patient is now allergic to needs a reason', async () => {
    const patient = await carePatient();
    const [row] = await t.app.db
      .insert(medications)
      .values({
        patientId: patient.user.id,
        name: 'Amoxicillin 500 mg oral capsule',
        dosage: '500 mg',
        frequency: 'three-times-daily',
        startDate: '2025-01-05',
        status: 'discontinued',
        endDate: '2025-01-12',
      })
      .returning({ id: medications.id });
    const before = await medicationCount(patient.user.id);
    const refused = await doctor.agent.post(`/api/medications/${row!.id}/renew`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PRESCRIPTION_OVERRIDE_REQUIRED');
    expect(await medicationCount(patient.user.id)).toBe(before);
    expect(
      (await doctor.agent.post(`/api/medications/${row!.id}/renew`, { overrideReason: 'Allergy disproved by testing' })).statusCode,
    ).toBe(201);
  });
});

describe('GET /api/medications/doctor/{id}', () => {
  it('lists the doctor’s own prescriptions, active first, paged and filtered; audited', async () => {
    const patient = await carePatient();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        prescriptionResponseSchema.parse(
          (await prescribe(doctor, valid(patient.user.id, { drugCode: null, drugName: ['Alphamol', 'Betamol', 'Gammamol'][i] }))).json(),
        ).data.id,
      );
    await doctor.agent.post(`/api/medications/${ids[0]}/discontinue`, { reason: 'Done' });
    const since = await lastAuditId();
    const page = prescriptionListResponseSchema.parse(
      (await doctor.agent.get(`/api/medications/doctor/${doctor.user.id}?pageSize=2`)).json(),
    );
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.data.every((p) => p.prescriberId === doctor.user.id)).toBe(true);
    const stopped = prescriptionListResponseSchema.parse(
      (await doctor.agent.get(`/api/medications/doctor/${doctor.user.id}?status=discontinued&pageSize=100`)).json(),
    );
    expect(stopped.data.map((p) => p.id)).toContain(ids[0]);
    expect(stopped.data.every((p) => p.status === 'discontinued')).toBe(true);
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'medication.prescriptions.list')));
    expect(events.length).toBe(2);
    expect((await doctor.agent.get(`/api/medications/doctor/${doctor.user.id}?pageSize=101`)).statusCode).toBe(400);
  });

  it('answers another doctor’s id with 404 to a doctor, lets an administrator read it, refuses patients and staff', async () => {
    const missing = await stranger.agent.get(`/api/medications/doctor/${randomUUID()}`);
    const foreign = await stranger.agent.get(`/api/medications/doctor/${doctor.user.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await admin.agent.get(`/api/medications/doctor/${doctor.user.id}`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/medications/doctor/${admin.user.id}`)).statusCode).toBe(404);
    const patient = await carePatient();
    expect((await patient.agent.get(`/api/medications/doctor/${doctor.user.id}`)).statusCode).toBe(403);
    expect((await reception.agent.get(`/api/medications/doctor/${doctor.user.id}`)).statusCode).toBe(403);
  });
});

describe('a colleague stops a prescription', () => {
  it('tells the prescriber too, so their list refreshes', async () => {
    const patient = await carePatient();
    const colleague = await createDoctorActor(t.app);
    await assignCare(t.app, colleague.user.id, patient.user.id);
    const id = prescriptionResponseSchema.parse((await prescribe(doctor, valid(patient.user.id))).json()).data.id;
    published.length = 0;
    expect((await colleague.agent.post(`/api/medications/${id}/discontinue`, { reason: 'Side effects' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }))).toContainEqual({
      recipients: [patient.user.id, doctor.user.id, colleague.user.id].sort(),
      event: expect.objectContaining({ type: 'medication_update', action: 'discontinued', medicationId: id, doctorId: doctor.user.id }),
    });
  });
});
