import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicationListResponseSchema } from '../../../contracts/medications';
import { createDoctorActor, giveHistory } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// GET /api/medications/patient/{id}, current and past, scoped.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let pharmacy: Actor;
let reception: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  pharmacy = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'medications.view.all'] });
  reception = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all'] });
  await giveHistory(t.app, patient.user.id, [doctor.user.id]);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/medications/patient/{id}', () => {
  it('lists current medications first, then past ones, with the prescriber’s name', async () => {
    const response = await patient.agent.get(`/api/medications/patient/${patient.user.id}`);
    expect(response.statusCode).toBe(200);
    const { data } = medicationListResponseSchema.parse(response.json());
    const statuses = data.map((m) => m.status);
    expect(statuses).toContain('active');
    expect(statuses).toContain('discontinued');
    expect(statuses.indexOf('discontinued')).toBeGreaterThan(statuses.lastIndexOf('active'));
    const current = data.find((m) => m.status === 'active')!;
    expect(current).toMatchObject({
      prescriberId: doctor.user.id,
      // The parts, which the web orders and titles in the reader's language.
      prescriber: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
    });
    expect(response.body).not.toContain('Dr. ');
    expect(data.filter((m) => m.status === 'discontinued').every((m) => m.endDate !== null)).toBe(true);
  });

  it('filters by status', async () => {
    const { data } = medicationListResponseSchema.parse(
      (await patient.agent.get(`/api/medications/patient/${patient.user.id}?status=active`)).json(),
    );
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((m) => m.status === 'active')).toBe(true);
    expect((await patient.agent.get(`/api/medications/patient/${patient.user.id}?status=paused`)).statusCode).toBe(400);
  });

  it('answers the doctor and pharmacy; another patient 404 like a missing one; staff without the permission 403', async () => {
    for (const reader of [doctor, pharmacy])
      expect((await reader.agent.get(`/api/medications/patient/${patient.user.id}`)).statusCode).toBe(200);
    const missing = await otherPatient.agent.get(`/api/medications/patient/${randomUUID()}`);
    const other = await otherPatient.agent.get(`/api/medications/patient/${patient.user.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect((await reception.agent.get(`/api/medications/patient/${patient.user.id}`)).statusCode).toBe(403);
  });
});
