import { randomUUID } from 'node:crypto';
import { eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageInYears } from '../../../contracts/patient-age';
import {
  allergyListResponseSchema,
  CHART_LIMITS,
  labResultListResponseSchema,
  patientChartResponseSchema,
  vitalListResponseSchema,
} from '../../../contracts/health-records';
import { buildLabOrder, panel, Random } from '../../db/factories';
import { auditEvents, labOrders, labResultComponents, vitals } from '../../db/schema';
import { createDoctorActor, giveHistory } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The chart reads (complete, vitals, lab results, allergies), and the audit
// completeness of every patient-data read of the chart: one event per request, under the patient.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let nurse: Actor;
let billing: Actor;
let admin: Actor;
let pendingOrderId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  nurse = await createActor(t.app, 'staff', {
    permissions: ['patients.view.all', 'patients.phi.access', 'medical_records.view', 'medications.view.all', 'appointments.view.all'],
  });
  billing = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'billing.view'] });
  admin = await createActor(t.app, 'admin');
  await giveHistory(t.app, patient.user.id, [doctor.user.id]);
  await giveHistory(t.app, otherPatient.user.id, [doctor.user.id]);
  // A panel resulted this morning and not yet released: clinicians see it, the patient not yet.
  const pending = buildLabOrder(new Random(3), {
    patientId: patient.user.id,
    panel: panel('hba1c'),
    orderedAt: new Date(Date.now() - 3_600_000),
    orderedBy: doctor.user.id,
    released: false,
  });
  await t.app.db.insert(labOrders).values(pending.order);
  await t.app.db.insert(labResultComponents).values(pending.components);
  pendingOrderId = pending.order.id;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/patients/{id}/vitals', () => {
  it('answers the readings newest first, optionally one measure', async () => {
    const all = vitalListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/vitals`)).json()).data;
    expect(all.length).toBeGreaterThan(50);
    expect(all.length).toBeLessThanOrEqual(200);
    const limited = vitalListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/vitals?limit=5`)).json()).data;
    expect(limited).toEqual(all.slice(0, 5));
    expect(all.map((v) => v.measuredAt)).toEqual([...all.map((v) => v.measuredAt)].sort().reverse());
    const weights = vitalListResponseSchema.parse(
      (await patient.agent.get(`/api/patients/${patient.user.id}/vitals?type=weight&limit=1000`)).json(),
    ).data;
    expect(weights.length).toBeGreaterThanOrEqual(24);
    expect(weights.every((v) => v.type === 'weight' && v.unit === 'kg' && v.patientId === patient.user.id)).toBe(true);
    expect((await patient.agent.get(`/api/patients/${patient.user.id}/vitals?type=mood`)).statusCode).toBe(400);
  });
});

describe('GET /api/patients/{id}/lab-results', () => {
  it('shows the patient released panels only, clinicians every panel', async () => {
    const answer = await patient.agent.get(`/api/patients/${patient.user.id}/lab-results`);
    const own = labResultListResponseSchema.parse(answer.json()).data;
    expect(own.length).toBeGreaterThanOrEqual(3);
    // The ordering doctor comes in parts, titled by the web in the reader's language, never as English "Dr.".
    expect(own.some((p) => p.orderer !== null)).toBe(true);
    expect(answer.body).not.toContain('Dr. ');
    expect(own.every((p) => p.releasedAt !== null)).toBe(true);
    expect(own.map((p) => p.id)).not.toContain(pendingOrderId);
    for (const clinician of [doctor, nurse, admin]) {
      const seen = labResultListResponseSchema.parse(
        (await clinician.agent.get(`/api/patients/${patient.user.id}/lab-results`)).json(),
      ).data;
      expect(seen.map((p) => p.id)).toContain(pendingOrderId);
    }
  });

  it('answers each component with LOINC code, value, unit, range and flag', async () => {
    const panels = labResultListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/lab-results`)).json()).data;
    const cbc = panels.find((p) => p.panelCode === '58410-2')!;
    const hemoglobin = cbc.components.find((c) => c.loincCode === '718-7')!;
    expect(hemoglobin).toMatchObject({ name: 'Hemoglobin', unit: 'g/dL', referenceLow: 12, referenceHigh: 17.5 });
    const expected = hemoglobin.value < 7 ? 'critical' : hemoglobin.value < 12 ? 'low' : hemoglobin.value > 17.5 ? 'high' : 'normal';
    expect(hemoglobin.flag).toBe(expected);
  });
});

describe('GET /api/patients/{id}/allergies', () => {
  it('lists the patient’s allergies', async () => {
    const { data } = allergyListResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/allergies`)).json());
    expect(data.length).toBeGreaterThanOrEqual(1);
    expect(data.every((a) => a.patientId === patient.user.id)).toBe(true);
  });
});

describe('GET /api/patients/{id}/complete', () => {
  it('answers the whole chart in one response', async () => {
    const response = await patient.agent.get(`/api/patients/${patient.user.id}/complete`);
    expect(response.statusCode).toBe(200);
    const { data } = patientChartResponseSchema.parse(response.json());
    expect(data.patient.id).toBe(patient.user.id);
    for (const area of [
      'allergies',
      'medications',
      'problems',
      'immunizations',
      'medicalHistory',
      'familyHistory',
      'latestVitals',
      'labResults',
      'appointments',
      'documents',
    ] as const) {
      expect(data[area].length, area).toBeGreaterThan(0);
    }
    expect(new Set(data.latestVitals.map((v) => v.type)).size).toBe(data.latestVitals.length);
    expect(data.labResults.map((p) => p.id)).not.toContain(pendingOrderId);
    expect(response.body).not.toContain('storage');
  });

  it('answers someone else’s chart like a missing one, and refuses staff without medical_records.view', async () => {
    const missing = await otherPatient.agent.get(`/api/patients/${randomUUID()}/complete`);
    expect(missing.statusCode).toBe(404);
    const intruded = await otherPatient.agent.get(`/api/patients/${patient.user.id}/complete`);
    expect(intruded.statusCode).toBe(404);
    expect(intruded.body).toBe(missing.body);
    expect((await billing.agent.get(`/api/patients/${patient.user.id}/complete`)).statusCode).toBe(403);
    expect((await nurse.agent.get(`/api/patients/${patient.user.id}/complete`)).statusCode).toBe(200);
  });
});

describe('GET /api/patients/{id}/complete for a clinician', () => {
  it('answers the header (age, blood type, alerts), demographics, every lab panel and bounded vital series', async () => {
    const response = await doctor.agent.get(`/api/patients/${patient.user.id}/complete`);
    expect(response.statusCode).toBe(200);
    const { data } = patientChartResponseSchema.parse(response.json());
    const born = patient.user.dateOfBirth!;
    const today = new Date().toISOString().slice(0, 10);
    expect(data.header.age).toBe(ageInYears(born, today));
    expect(data.header.alerts).toContain('unreleased-lab-results');
    expect(data.labResults.map((p) => p.id)).toContain(pendingOrderId);
    // The ordering doctor's name comes in parts too, for the web to order in the reader's language.
    expect(data.labResults.find((p) => p.id === pendingOrderId)).toMatchObject({
      orderer: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
    });
    expect(data.demographics).toHaveProperty('emergencyContact');
    // Each measure at most CHART_LIMITS.vitalsPerType readings, newest first.
    const perType = new Map<string, number>();
    for (const reading of data.vitalSeries) perType.set(reading.type, (perType.get(reading.type) ?? 0) + 1);
    expect(Math.max(...perType.values())).toBeLessThanOrEqual(CHART_LIMITS.vitalsPerType);
    expect(data.vitalSeries.map((v) => v.measuredAt)).toEqual([...data.vitalSeries.map((v) => v.measuredAt)].sort().reverse());
    // The series holds each type's newest readings: as many as the limit allows of all there are.
    const stored = await t.app.db
      .select({ type: vitals.type, measuredAt: vitals.measuredAt })
      .from(vitals)
      .where(eq(vitals.patientId, patient.user.id));
    const storedTypes = [...new Set(stored.map((v) => v.type))].sort();
    for (const type of storedTypes) {
      const newest = stored
        .filter((v) => v.type === type)
        .map((v) => v.measuredAt.toISOString())
        .sort()
        .reverse()
        .slice(0, CHART_LIMITS.vitalsPerType);
      expect(
        data.vitalSeries.filter((v) => v.type === type).map((v) => v.measuredAt),
        type,
      ).toEqual(newest);
    }
    // The latest reading of each type, by type, is the first of its series.
    expect(data.latestVitals.map((v) => v.type)).toEqual(storedTypes);
    for (const latest of data.latestVitals) expect(latest).toEqual(data.vitalSeries.find((v) => v.type === latest.type));
    expect(data.appointments.length).toBeLessThanOrEqual(CHART_LIMITS.appointments);
    for (const entry of [...data.allergies, ...data.problems, ...data.immunizations]) expect(entry.version).toBeGreaterThanOrEqual(1);
  });

  it('the patient’s own chart never holds an unreleased panel, nor its alert', async () => {
    const { data } = patientChartResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/complete`)).json());
    expect(data.header.alerts).not.toContain('unreleased-lab-results');
    expect(data.labResults.every((p) => p.releasedAt !== null)).toBe(true);
  });

  it('another doctor’s patient is not found, unless the doctor breaks the glass with a reason, which is audited', async () => {
    const stranger = await createDoctorActor(t.app);
    const url = `/api/patients/${patient.user.id}/complete`;
    expect((await stranger.agent.get(url)).statusCode).toBe(404);
    const since = (await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents))[0]?.id ?? 0;
    const reason = 'Unconscious in the emergency department';
    const opened = await stranger.agent.get(url, { headers: { 'x-break-glass-reason': reason } });
    expect(opened.statusCode).toBe(200);
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'chart.read',
      outcome: 'success',
      patientId: patient.user.id,
      actorUserId: stranger.user.id,
      details: expect.objectContaining({ breakGlass: reason }),
    });
    // The patient sees that reading on their access log.
    const log = (await patient.agent.get('/api/me/access-log?pageSize=100')).json<{
      data: { action: string; actor: { firstName: string; lastName: string } | null; emergency: boolean }[];
    }>();
    // By the whole name: another person of the same family name may have read the record too.
    const seen = log.data.filter(
      (entry) => entry.actor?.firstName === stranger.user.firstName && entry.actor.lastName === stranger.user.lastName,
    );
    // Marked as an emergency access, without the reason's words.
    expect(seen).toEqual([expect.objectContaining({ action: 'chart.read', emergency: true })]);
    expect(JSON.stringify(log)).not.toContain(reason);
  });
});

describe('audit completeness', () => {
  const reads = (id: string) => [
    `/api/patients/${id}/complete`,
    `/api/patients/${id}/vitals`,
    `/api/patients/${id}/vitals?type=heart-rate`,
    `/api/patients/${id}/lab-results`,
    `/api/patients/${id}/allergies`,
    `/api/medications/patient/${id}`,
    `/api/appointments/patient/${id}`,
  ];

  async function lastAuditId(): Promise<number> {
    const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
    return row?.id ?? 0;
  }

  it('leaves exactly one event per read, under the patient, naming the reader', async () => {
    for (const reader of [patient, doctor, nurse]) {
      for (const url of [...reads(patient.user.id), '/api/appointments', '/api/appointments/today']) {
        if (reader !== patient && url.startsWith('/api/appointments') && !url.includes('/patient/')) continue;
        const since = await lastAuditId();
        const response = await reader.agent.get(url);
        expect(response.statusCode, url).toBe(200);
        const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
        expect(events, url).toHaveLength(1);
        expect(events[0], url).toMatchObject({ outcome: 'success', patientId: patient.user.id, actorUserId: reader.user.id });
      }
    }
  });

  it('records a refused read once, attributed to no patient', async () => {
    for (const url of reads(patient.user.id)) {
      const since = await lastAuditId();
      expect((await otherPatient.agent.get(url)).statusCode, url).toBe(404);
      const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
      expect(events, url).toHaveLength(1);
      expect(events[0], url).toMatchObject({ outcome: 'failure', patientId: null, resourceId: patient.user.id });
    }
  });

  it('records a doctor’s schedule read under every patient in it', async () => {
    const since = await lastAuditId();
    expect((await doctor.agent.get(`/api/appointments/doctor/${doctor.user.id}`)).statusCode).toBe(200);
    const events = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    // One event for the request, naming every patient in the answer.
    expect(events).toHaveLength(1);
    expect([...(events[0]!.patientIds ?? [])].sort()).toEqual([patient.user.id, otherPatient.user.id].sort());
    const [own] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.id, events[0]!.id));
    expect(own?.action).toBe('appointment.list');
  });
});
