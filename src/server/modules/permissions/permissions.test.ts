import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, POSITION_TEMPLATES } from '../../../contracts/permission-catalogue';
import { userPermissionsResponseSchema, type UserPermissionsResponse } from '../../../contracts/permissions';
import { DOCTOR_PROFILE_MESSAGE, PATIENT_ROLE_MESSAGE } from './permissions.service';
import { ROLE_DEFAULT_PERMISSIONS } from '../../../contracts/role-permissions';
import { createDoctor, Random } from '../../db/factories';
import { auditEvents, userPermissions, users } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { activeGrantCount, createActor, grantDirectly, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The permission API and what its changes do: grants and revokes count from the
// next request, nobody changes their own permissions or role, and every change is audited and
// published to the user it concerns.

let t: TestApp;
let admin: Actor;
const published: BusEnvelope[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  t.app.events.subscribe((envelope) => published.push(envelope));
  admin = await createActor(t.app, 'admin');
});

afterAll(async () => {
  await t.close();
});

const permissionsOf = async (reader: Actor, userId: string): Promise<UserPermissionsResponse['data']> => {
  const response = await reader.agent.get(`/api/users/${userId}/permissions`);
  expect(response.statusCode).toBe(200);
  return userPermissionsResponseSchema.parse(response.json()).data;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('catalogue and roles', () => {
  it('serves the catalogue stored by the migration, equal to the contracts', async () => {
    const response = await admin.agent.get('/api/permissions');
    expect(response.statusCode).toBe(200);
    const stored = response.json<{ data: { permission: string; category: string }[] }>().data;
    expect(stored.map((row) => row.permission).sort()).toEqual([...PERMISSIONS].sort());
    expect(stored.every((row) => row.permission.startsWith(`${row.category}.`))).toBe(true);
  });

  it('serves the roles and the position templates', async () => {
    const { data } = (await admin.agent.get('/api/roles')).json<{
      data: { roles: string[]; positions: { position: string; permissions: string[] }[] };
    }>();
    expect(data.roles).toEqual(['patient', 'doctor', 'staff', 'admin']);
    expect(data.positions.find((p) => p.position === 'reception')?.permissions).toEqual([...POSITION_TEMPLATES.reception]);
  });
});

describe('GET /api/users/{id}/permissions', () => {
  it('answers one’s own, with role defaults for doctors and patients', async () => {
    const doctor = await createActor(t.app, 'doctor');
    const own = await permissionsOf(doctor, doctor.user.id);
    expect(own).toMatchObject({ permissions: [], roles: ['doctor'], effectivePermissions: [...ROLE_DEFAULT_PERMISSIONS.doctor] });
    expect(own.effectivePermissions).not.toContain('patients.view.all');
    const patient = await createActor(t.app, 'patient');
    expect((await permissionsOf(patient, patient.user.id)).effectivePermissions).toEqual(['patients.view.own']);
  });

  it('answers an admin and a holder of users.permissions, and nobody else (404)', async () => {
    const staff = await createActor(t.app, 'staff', { permissions: ['patients.view.all'] });
    const manager = await createActor(t.app, 'staff', { permissions: ['users.permissions'] });
    const colleague = await createActor(t.app, 'staff', { permissions: ['billing.view'] });
    expect((await permissionsOf(admin, staff.user.id)).effectivePermissions).toEqual(['patients.view.all']);
    expect((await permissionsOf(manager, staff.user.id)).effectivePermissions).toEqual(['patients.view.all']);
    const refused = await colleague.agent.get(`/api/users/${staff.user.id}/permissions`);
    const missing = await colleague.agent.get(`/api/users/${randomUUID()}/permissions`);
    expect([refused.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(refused.body).toBe(missing.body);
  });

  it('shows an expired grant as inactive and leaves it out of the effective permissions', async () => {
    const staff = await createActor(t.app, 'staff');
    await grantDirectly(t.app, staff.user.id, ['billing.view'], new Date(Date.now() - 1000));
    await grantDirectly(t.app, staff.user.id, ['patients.view.all'], new Date(Date.now() + 3_600_000));
    const data = await permissionsOf(staff, staff.user.id);
    expect(data.effectivePermissions).toEqual(['patients.view.all']);
    expect(data.permissions.find((p) => p.permission.permission === 'billing.view')).toMatchObject({ isActive: false });
    expect((await staff.agent.get('/api/patients')).statusCode).toBe(200);
  });
});

describe('grant and revoke', () => {
  it('takes effect on the next request, is audited and is published to the user', async () => {
    const staff = await createActor(t.app, 'staff');
    expect((await staff.agent.get('/api/patients')).statusCode).toBe(403);

    const granted = await admin.agent.post(`/api/users/${staff.user.id}/permissions`, { permission: 'patients.view.all' });
    expect(granted.statusCode).toBe(200);
    expect((await staff.agent.get('/api/patients')).statusCode).toBe(200);

    const revoked = await admin.agent.delete(`/api/users/${staff.user.id}/permissions/patients.view.all`);
    expect(revoked.statusCode).toBe(200);
    expect(userPermissionsResponseSchema.parse(revoked.json()).data.effectivePermissions).toEqual([]);
    expect((await staff.agent.get('/api/patients')).statusCode).toBe(403);
    expect((await admin.agent.delete(`/api/users/${staff.user.id}/permissions/patients.view.all`)).statusCode).toBe(404);

    await settle();
    const events = published.filter((e) => e.recipients.includes(staff.user.id)).map((e) => e.event);
    expect(events).toMatchObject([
      { type: 'permission_update', action: 'granted', permission: 'patients.view.all', userId: staff.user.id },
      { type: 'permission_update', action: 'revoked', permission: 'patients.view.all', userId: staff.user.id },
    ]);
    const audited = await t.app.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceId, staff.user.id), sql`${auditEvents.action} like 'permission.%'`));
    expect(audited).toEqual([
      { action: 'permission.grant', outcome: 'success' },
      { action: 'permission.revoke', outcome: 'success' },
    ]);
  });

  it('grants until an expiry and refuses one in the past, changing nothing', async () => {
    const staff = await createActor(t.app, 'staff');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const granted = await admin.agent.post(`/api/users/${staff.user.id}/permissions`, { permission: 'billing.view', expiresAt: until });
    expect(userPermissionsResponseSchema.parse(granted.json()).data.permissions).toMatchObject([{ expiresAt: until, isActive: true }]);
    const past = await admin.agent.post(`/api/users/${staff.user.id}/permissions`, {
      permission: 'reports.export',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const unknown = await admin.agent.post(`/api/users/${staff.user.id}/permissions`, { permission: 'billing.everything' });
    expect(unknown.statusCode).toBe(400);
    expect(await activeGrantCount(t.app, staff.user.id)).toBe(1);
  });

  it('grants only to staff members', async () => {
    const doctor = await createActor(t.app, 'doctor');
    const response = await admin.agent.post(`/api/users/${doctor.user.id}/permissions`, { permission: 'billing.view' });
    expect(response.statusCode).toBe(409);
    expect(await activeGrantCount(t.app, doctor.user.id)).toBe(0);
  });
});

describe('no self-escalation (mass assignment)', () => {
  it('refuses a staff member granting itself a permission, even holding users.permissions', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.permissions'] });
    const self = await manager.agent.post(`/api/users/${manager.user.id}/permissions`, { permission: 'billing.view' });
    expect(self.statusCode).toBe(403);
    const position = await manager.agent.put(`/api/users/${manager.user.id}/position`, { position: 'billing' });
    expect(position.statusCode).toBe(403);
    expect(await activeGrantCount(t.app, manager.user.id)).toBe(1);
    const [denied] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, manager.user.id), eq(auditEvents.action, 'permission.grant')));
    expect(denied).toMatchObject({ outcome: 'denied', details: { reason: 'self-change' } });
  });

  it('refuses a holder of users.permissions granting what it does not hold itself', async () => {
    const manager = await createActor(t.app, 'staff', { permissions: ['users.permissions', 'billing.view'] });
    const colleague = await createActor(t.app, 'staff');
    expect((await manager.agent.post(`/api/users/${colleague.user.id}/permissions`, { permission: 'system.admin' })).statusCode).toBe(403);
    expect((await manager.agent.put(`/api/users/${colleague.user.id}/position`, { position: 'nurse' })).statusCode).toBe(403);
    expect(await activeGrantCount(t.app, colleague.user.id)).toBe(0);
    expect((await manager.agent.post(`/api/users/${colleague.user.id}/permissions`, { permission: 'billing.view' })).statusCode).toBe(200);
  });

  it('refuses a staff member without users.permissions and an admin changing its own role', async () => {
    const staff = await createActor(t.app, 'staff');
    const other = await createActor(t.app, 'staff');
    expect((await staff.agent.post(`/api/users/${other.user.id}/permissions`, { permission: 'billing.view' })).statusCode).toBe(403);
    expect((await staff.agent.put(`/api/users/${staff.user.id}/role`, { role: 'admin' })).statusCode).toBe(403);
    expect((await admin.agent.put(`/api/users/${admin.user.id}/role`, { role: 'patient' })).statusCode).toBe(403);
    const roles = await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, staff.user.id));
    expect(roles).toEqual([{ role: 'staff' }]);
  });
});

describe('PUT /api/users/{id}/position', () => {
  it('sets the position and replaces the grants with its template', async () => {
    const staff = await createActor(t.app, 'staff', { permissions: ['security.audit', 'patients.view.all'] });
    const response = await admin.agent.put(`/api/users/${staff.user.id}/position`, { position: 'billing' });
    expect(response.statusCode).toBe(200);
    expect(userPermissionsResponseSchema.parse(response.json()).data.effectivePermissions.sort()).toEqual(
      [...POSITION_TEMPLATES.billing].sort(),
    );
    const [row] = await t.app.db.select({ position: users.position }).from(users).where(eq(users.id, staff.user.id));
    expect(row?.position).toBe('billing');
    await settle();
    expect(published.filter((e) => e.recipients.includes(staff.user.id)).map((e) => e.event)).toMatchObject([
      { type: 'user_permissions_changed', action: 'bulk_assigned', userId: staff.user.id },
    ]);
  });
});

describe('PUT /api/users/{id}/role', () => {
  it('changes the role, ends the user’s sessions, audits and publishes it', async () => {
    const staff = await createActor(t.app, 'staff', { permissions: ['patients.view.all'] });
    expect((await staff.agent.get('/api/user/settings')).statusCode).toBe(200);
    const response = await admin.agent.put(`/api/users/${staff.user.id}/role`, { role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(userPermissionsResponseSchema.parse(response.json()).data).toMatchObject({
      roles: ['admin'],
      permissions: [{ isActive: false }],
    });
    expect((await staff.agent.get('/api/user/settings')).statusCode).toBe(401);
    const rows = await t.app.db
      .select({ active: userPermissions.isActive })
      .from(userPermissions)
      .where(eq(userPermissions.userId, staff.user.id));
    expect(rows).toEqual([{ active: false }]);
    await settle();
    expect(published.filter((e) => e.recipients.includes(staff.user.id)).map((e) => e.event)).toMatchObject([
      { type: 'role_changed', role: 'admin', userId: staff.user.id },
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.role_change'), eq(auditEvents.resourceId, staff.user.id)));
    expect(audit).toMatchObject({ actorUserId: admin.user.id, details: { from: 'staff', to: 'admin' } });
  });

  it('refuses to make a patient of anyone, or anything else of a patient, and a doctor without a profile', async () => {
    const patient = await createActor(t.app, 'patient');
    const staff = await createActor(t.app, 'staff');
    const doctor = (await createDoctor(t.app.db, new Random(7))).user;
    const refusals = [
      [patient.user.id, 'staff', PATIENT_ROLE_MESSAGE],
      [staff.user.id, 'patient', PATIENT_ROLE_MESSAGE],
      [staff.user.id, 'doctor', DOCTOR_PROFILE_MESSAGE],
    ] as const;
    for (const [userId, role, message] of refusals) {
      const response = await admin.agent.put(`/api/users/${userId}/role`, { role });
      expect(response.statusCode, `${role}`).toBe(409);
      expect(response.json().error.message).toBe(message);
    }
    const roles = await t.app.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(inArray(users.id, [patient.user.id, staff.user.id]));
    expect(new Map(roles.map((row) => [row.id, row.role]))).toEqual(
      new Map([
        [patient.user.id, 'patient'],
        [staff.user.id, 'staff'],
      ]),
    );
    // A doctor (who has a profile) may become an admin and return to being a doctor.
    expect((await admin.agent.put(`/api/users/${doctor.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await admin.agent.put(`/api/users/${doctor.id}/role`, { role: 'doctor' })).statusCode).toBe(200);
  });

  it('answers an unknown user 404 and a bad role 400', async () => {
    expect((await admin.agent.put(`/api/users/${randomUUID()}/role`, { role: 'doctor' })).statusCode).toBe(404);
    const staff = await createActor(t.app, 'staff');
    expect((await admin.agent.put(`/api/users/${staff.user.id}/role`, { role: 'superuser' })).statusCode).toBe(400);
  });
});
