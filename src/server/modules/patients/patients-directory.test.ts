import { randomUUID } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientDetailResponseSchema, patientListResponseSchema, type PatientDetail } from '../../../contracts/patient-directory';
import { auditEvents, patientProfiles } from '../../db/schema';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// GET /api/patients and /api/patients/{id}: whom each kind of caller reaches, what they see of a
// patient, and the audit event every read leaves under the patient's id.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let reception: Actor;
let nurse: Actor;
let plainStaff: Actor;
let admin: Actor;
let mrn: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createActor(t.app, 'doctor');
  await assignCare(t.app, doctor.user.id, patient.user.id);
  reception = await createActor(t.app, 'staff', { permissions: ['patients.view.all'] });
  nurse = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'patients.phi.access'] });
  plainStaff = await createActor(t.app, 'staff', { permissions: ['billing.view'] });
  admin = await createActor(t.app, 'admin');
  const [profile] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, patient.user.id));
  mrn = profile!.medicalRecordNumber;
});

afterAll(async () => {
  await t.close();
});

async function listIds(actor: Actor, query = ''): Promise<string[]> {
  const response = await actor.agent.get(`/api/patients?pageSize=100${query}`);
  expect(response.statusCode).toBe(200);
  return patientListResponseSchema.parse(response.json()).data.map((row) => row.id);
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function auditSince(id: number) {
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id));
}

describe('GET /api/patients', () => {
  it('lists only the patients in the caller’s reach', async () => {
    expect(await listIds(patient)).toEqual([patient.user.id]);
    expect(await listIds(otherPatient)).toEqual([otherPatient.user.id]);
    expect(await listIds(doctor)).toEqual([patient.user.id]);
    for (const everyone of [reception, nurse, admin]) {
      expect((await listIds(everyone)).sort()).toEqual([patient.user.id, otherPatient.user.id].sort());
    }
  });

  it('refuses staff without patients.view.all', async () => {
    const response = await plainStaff.agent.get('/api/patients');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('searches by name or medical record number, within the reach only', async () => {
    expect(await listIds(admin, `&search=${encodeURIComponent(patient.user.lastName + ' ' + patient.user.firstName)}`)).toContain(
      patient.user.id,
    );
    expect(await listIds(admin, `&search=${mrn}`)).toEqual([patient.user.id]);
    expect(await listIds(otherPatient, `&search=${mrn}`)).toEqual([]);
    // A wildcard typed by the caller is a literal character, not "everyone".
    expect(await listIds(admin, '&search=%25')).toEqual([]);
  });

  it('searches a doctor’s own patients the same way: either name order, the record number, never beyond the care set', async () => {
    const reversed = encodeURIComponent(`${patient.user.lastName} ${patient.user.firstName}`);
    const forward = encodeURIComponent(`${patient.user.firstName} ${patient.user.lastName}`);
    expect(await listIds(doctor, `&search=${reversed}`)).toEqual([patient.user.id]);
    expect(await listIds(doctor, `&search=${forward}`)).toEqual([patient.user.id]);
    expect(await listIds(doctor, `&search=${mrn.toLowerCase()}`)).toEqual([patient.user.id]);
    const [other] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, otherPatient.user.id));
    expect(await listIds(doctor, `&search=${other!.medicalRecordNumber}`)).toEqual([]);
    expect(await listIds(doctor, `&search=${encodeURIComponent(otherPatient.user.lastName)}`)).not.toContain(otherPatient.user.id);
    expect(await listIds(doctor, '&search=%25')).toEqual([]);
  });

  it('pages and answers bad paging with a validation error', async () => {
    const first = patientListResponseSchema.parse((await admin.agent.get('/api/patients?pageSize=1&page=1')).json());
    const second = patientListResponseSchema.parse((await admin.agent.get('/api/patients?pageSize=1&page=2')).json());
    expect(first.total).toBe(2);
    expect(first.data[0]!.id).not.toBe(second.data[0]!.id);
    const bad = await admin.agent.get('/api/patients?pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'querystring.pageSize': 'Please choose one of the options' });
  });

  it('sorts from an allow-list and filters by date of birth, within the reach only', async () => {
    const byName = await listIds(admin, '&sort=name');
    const byNameDescending = await listIds(admin, '&sort=-name');
    expect(byNameDescending).toEqual([...byName].reverse());
    const mrnOrder = patientListResponseSchema
      .parse((await admin.agent.get('/api/patients?sort=mrn')).json())
      .data.map((row) => row.medicalRecordNumber);
    expect(mrnOrder).toEqual([...mrnOrder].sort());
    const born = patient.user.dateOfBirth!;
    expect(await listIds(admin, `&dateOfBirth=${born}`)).toContain(patient.user.id);
    expect(await listIds(doctor, `&dateOfBirth=${born}`)).toEqual([patient.user.id]);
    expect(await listIds(otherPatient, `&dateOfBirth=${born}`)).not.toContain(patient.user.id);
    // A column name or SQL in the sort is refused, not pasted into the query.
    for (const sort of ['email', 'last_name desc', 'name;drop table users']) {
      const response = await admin.agent.get(`/api/patients?sort=${encodeURIComponent(sort)}`);
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().error.fields).toEqual({ 'querystring.sort': 'Please choose one of the options' });
    }
    for (const day of ['1899-12-31', '2026-02-30', 'yesterday']) {
      expect((await admin.agent.get(`/api/patients?dateOfBirth=${day}`)).statusCode, day).toBe(400);
    }
  });

  it('records one audit event naming every listed patient', async () => {
    const since = await lastAuditId();
    await listIds(reception);
    const events = await auditSince(since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'patient.list', outcome: 'success', actorUserId: reception.user.id, patientId: null });
    expect([...(events[0]!.patientIds ?? [])].sort()).toEqual([patient.user.id, otherPatient.user.id].sort());
  });

  it('runs at most 5 statements for a page: session, permissions, the page, the audit insert', async () => {
    const statements = t.db.statements!;
    for (const reader of [doctor, reception, admin]) {
      // Warmed once (prepared statements, pool), then counted.
      await listIds(reader);
      await t.app.audit.settled();
      const before = statements();
      await listIds(reader, '&page=1');
      await t.app.audit.settled();
      const sent = statements() - before;
      // At least the session lookup and the page: the count sees what the app sends.
      expect(sent, reader.user.role).toBeGreaterThanOrEqual(2);
      expect(sent, reader.user.role).toBeLessThanOrEqual(5);
    }
  });
});

describe('GET /api/patients/{id}', () => {
  async function read(actor: Actor, id: string) {
    return actor.agent.get(`/api/patients/${id}`);
  }

  it('answers the patient themself, their doctor, staff with patients.view.all and the admin', async () => {
    for (const reader of [patient, doctor, reception, nurse, admin]) {
      const response = await read(reader, patient.user.id);
      expect(response.statusCode).toBe(200);
      expect(patientDetailResponseSchema.parse(response.json()).data).toMatchObject({ id: patient.user.id, medicalRecordNumber: mrn });
    }
  });

  it('answers someone else’s patient exactly like a missing one', async () => {
    const missing = await read(otherPatient, randomUUID());
    for (const [reader, id] of [
      [otherPatient, patient.user.id],
      [doctor, otherPatient.user.id],
      [doctor, reception.user.id],
      [reception, doctor.user.id],
    ] as const) {
      const response = await read(reader, id);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    expect((await read(admin, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('strips clinical fields for callers without patients.phi.access and never sends account internals', async () => {
    const receptionView = (await read(reception, patient.user.id)).json<{ data: PatientDetail }>().data;
    expect(receptionView.clinical).toBeNull();
    expect(receptionView.insuranceProvider).not.toBeUndefined();
    for (const reader of [nurse, doctor, admin]) {
      const { clinical } = (await read(reader, patient.user.id)).json<{ data: PatientDetail }>().data;
      expect(clinical).toMatchObject({ bloodType: expect.any(String), allergies: expect.any(Array) });
    }
    const raw = (await read(admin, patient.user.id)).body;
    for (const internal of ['passwordHash', 'password_hash', 'mfaSecret', 'mfaPendingSecret', 'role', 'isActive'])
      expect(raw).not.toContain(internal);
  });

  it('leaves exactly one audit event per read, and a refused read attributed to nobody', async () => {
    let since = await lastAuditId();
    await read(doctor, patient.user.id);
    let events = await auditSince(since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'patient.read',
      outcome: 'success',
      patientId: patient.user.id,
      actorUserId: doctor.user.id,
    });

    since = await lastAuditId();
    await read(doctor, otherPatient.user.id);
    events = await auditSince(since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'patient.read', outcome: 'failure', patientId: null, resourceId: otherPatient.user.id });
  });

  it('counts a new care assignment from the next request', async () => {
    expect((await read(doctor, otherPatient.user.id)).statusCode).toBe(404);
    await assignCare(t.app, doctor.user.id, otherPatient.user.id);
    expect((await read(doctor, otherPatient.user.id)).statusCode).toBe(200);
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, otherPatient.user.id), eq(auditEvents.actorUserId, doctor.user.id)));
    expect(event?.action).toBe('patient.read');
  });
});
