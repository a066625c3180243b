import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor, Random } from '../../db/factories';
import { createActor, type Actor } from '../../test-support/idor-harness';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Every refusal of the user-administration screens (accounts, their status, permissions, position
// and role) answers a code of its own, so the web can say what went wrong in the reader's language
// without reading the English message.

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
});

afterAll(async () => {
  await t.close();
});

const staffBody = (email: string, position = 'reception') => ({ role: 'staff', firstName: 'Nadia', lastName: 'Okafor', email, position });
const doctorBody = (email: string) => ({
  role: 'doctor',
  firstName: 'Tomás',
  lastName: 'Reyes',
  email,
  specialty: 'Cardiology',
  hospital: 'Northside Medical Center',
  experienceYears: 12,
});
const newEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@refusal-codes.test`;

function expectRefusal(response: LightMyRequestResponse, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().error.code }).toEqual({ status, code });
}

describe('creating an account', () => {
  it('answers EMAIL_TAKEN for an address in use, with the field', async () => {
    const response = await admin.agent.post('/api/users', staffBody(admin.user.email.toUpperCase()));
    expectRefusal(response, 409, 'EMAIL_TAKEN');
    expect(Object.keys(response.json().error.fields)).toEqual(['email']);
  });

  it('answers VALIDATION_FAILED with the fields for a body that does not fit', async () => {
    const response = await admin.agent.post('/api/users', { ...doctorBody(newEmail('invalid')), hospital: '', experienceYears: -1 });
    expectRefusal(response, 400, 'VALIDATION_FAILED');
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['experienceYears', 'hospital']);
  });

  it('answers STAFF_ACCOUNTS_ONLY to a non-administrator creating a doctor', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.create'] });
    expectRefusal(await manager.agent.post('/api/users', doctorBody(newEmail('doctor'))), 403, 'STAFF_ACCOUNTS_ONLY');
  });

  it('answers PERMISSION_NOT_HELD to a non-administrator creating staff with a template beyond their own', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.create'] });
    expectRefusal(await manager.agent.post('/api/users', staffBody(newEmail('nurse'), 'nurse')), 403, 'PERMISSION_NOT_HELD');
  });

  it('answers FORBIDDEN to someone without the permission to create accounts', async () => {
    const staff = await createActor(t.app, 'staff');
    expectRefusal(await staff.agent.post('/api/users', staffBody(newEmail('blocked'))), 403, 'FORBIDDEN');
  });
});

describe('deactivating an account', () => {
  it('answers OWN_DEACTIVATION to someone deactivating themself', async () => {
    expectRefusal(await admin.agent.put(`/api/users/${admin.user.id}/status`, { active: false }), 409, 'OWN_DEACTIVATION');
  });

  it('answers ADMIN_ACCOUNT_PROTECTED to a non-administrator deactivating an administrator', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.update'] });
    expectRefusal(await manager.agent.put(`/api/users/${admin.user.id}/status`, { active: false }), 403, 'ADMIN_ACCOUNT_PROTECTED');
  });

  it('answers STAFF_ACCOUNTS_ONLY to a non-administrator deactivating a doctor', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.update'] });
    const doctor = (await createDoctor(t.app.db, new Random(31))).user;
    expectRefusal(await manager.agent.put(`/api/users/${doctor.id}/status`, { active: false }), 403, 'STAFF_ACCOUNTS_ONLY');
  });

  it('answers PERMISSION_NOT_HELD to a non-administrator deactivating staff holding more than they do', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.update'] });
    const colleague = await createActor(t.app, 'staff', { permissions: ['billing.view'] });
    expectRefusal(await manager.agent.put(`/api/users/${colleague.user.id}/status`, { active: false }), 403, 'PERMISSION_NOT_HELD');
  });

  it('answers NOT_FOUND for an unknown account', async () => {
    expectRefusal(await admin.agent.put(`/api/users/${randomUUID()}/status`, { active: false }), 404, 'NOT_FOUND');
  });
});

describe('changing permissions, position and role', () => {
  it('answers OWN_ACCESS_CHANGE to a change of one’s own permissions, position or role', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.permissions'] });
    const self = `/api/users/${manager.user.id}`;
    expectRefusal(await manager.agent.post(`${self}/permissions`, { permission: 'billing.view' }), 403, 'OWN_ACCESS_CHANGE');
    expectRefusal(await manager.agent.put(`${self}/position`, { position: 'billing' }), 403, 'OWN_ACCESS_CHANGE');
    expectRefusal(await admin.agent.put(`/api/users/${admin.user.id}/role`, { role: 'staff' }), 403, 'OWN_ACCESS_CHANGE');
  });

  it('answers ADMIN_ACCOUNT_PROTECTED to a non-administrator changing an administrator’s permissions', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.permissions', 'billing.view'] });
    const response = await manager.agent.post(`/api/users/${admin.user.id}/permissions`, { permission: 'billing.view' });
    expectRefusal(response, 403, 'ADMIN_ACCOUNT_PROTECTED');
  });

  it('answers PERMISSION_NOT_HELD to a non-administrator granting or templating beyond what they hold', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.permissions', 'billing.view'] });
    const colleague = await createActor(t.app, 'staff');
    const target = `/api/users/${colleague.user.id}`;
    expectRefusal(await manager.agent.post(`${target}/permissions`, { permission: 'system.admin' }), 403, 'PERMISSION_NOT_HELD');
    expectRefusal(await manager.agent.put(`${target}/position`, { position: 'nurse' }), 403, 'PERMISSION_NOT_HELD');
  });

  it('answers PERMISSIONS_STAFF_ONLY to a grant or a position for an account that is not staff', async () => {
    const doctor = (await createDoctor(t.app.db, new Random(32))).user;
    expectRefusal(
      await admin.agent.post(`/api/users/${doctor.id}/permissions`, { permission: 'billing.view' }),
      409,
      'PERMISSIONS_STAFF_ONLY',
    );
    expectRefusal(await admin.agent.put(`/api/users/${doctor.id}/position`, { position: 'nurse' }), 409, 'PERMISSIONS_STAFF_ONLY');
  });

  it('answers PATIENT_ROLE_FIXED to a role change to or from patient', async () => {
    const patient = await createActor(t.app, 'patient');
    const staff = await createActor(t.app, 'staff');
    expectRefusal(await admin.agent.put(`/api/users/${patient.user.id}/role`, { role: 'staff' }), 409, 'PATIENT_ROLE_FIXED');
    expectRefusal(await admin.agent.put(`/api/users/${staff.user.id}/role`, { role: 'patient' }), 409, 'PATIENT_ROLE_FIXED');
  });

  it('answers DOCTOR_PROFILE_REQUIRED to the doctor role for an account without a doctor profile', async () => {
    const staff = await createActor(t.app, 'staff');
    expectRefusal(await admin.agent.put(`/api/users/${staff.user.id}/role`, { role: 'doctor' }), 409, 'DOCTOR_PROFILE_REQUIRED');
  });

  it('answers VALIDATION_FAILED with the field for an expiry in the past', async () => {
    const staff = await createActor(t.app, 'staff');
    const response = await admin.agent.post(`/api/users/${staff.user.id}/permissions`, {
      permission: 'billing.view',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expectRefusal(response, 400, 'VALIDATION_FAILED');
    expect(Object.keys(response.json().error.fields)).toEqual(['expiresAt']);
  });

  it('answers NOT_FOUND for a revoke of a permission the account does not hold', async () => {
    const staff = await createActor(t.app, 'staff');
    expectRefusal(await admin.agent.delete(`/api/users/${staff.user.id}/permissions/reports.export`), 404, 'NOT_FOUND');
  });
});
