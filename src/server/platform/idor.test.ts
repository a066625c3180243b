import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, patientProfiles, userPermissions, users, webauthnCredentials } from '../db/schema';
import { assignCare, createActor, probeIdor, type Actor, type IdorCase } from '../test-support/idor-harness';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Every id-taking route of patient and account data, probed through the IDOR harness (issue 4
// item 7): someone else's id answers 403/404, leaks nothing and changes nothing. A later route
// holding patient data adds its case here.

let t: TestApp;
type Intruder = { label: string; actor: Actor };
let intruders: Intruder[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const doctor = await createActor(t.app, 'doctor');
  // A doctor with a patient of their own: in someone's care, just not the owner's.
  await assignCare(t.app, doctor.user.id, (await createActor(t.app, 'patient')).user.id);
  intruders = [
    { label: 'another patient', actor: await createActor(t.app, 'patient') },
    { label: 'a doctor not caring for the owner', actor: doctor },
    {
      label: 'staff without patients.view.all',
      actor: await createActor(t.app, 'staff', { permissions: ['billing.view', 'users.create'] }),
    },
  ];
});

afterAll(async () => {
  await t.close();
});

const snapshotUser = async (id: string) => {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
  const [profile] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, id));
  return { user, profile };
};

const cases: IdorCase<{ id: string; mrn?: string; marker?: string }>[] = [
  {
    name: 'patient record (GET /api/patients/{id})',
    paths: ['/api/patients/:id'],
    create: async (owner) => {
      const [profile] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, owner.user.id));
      return { id: owner.user.id, mrn: profile!.medicalRecordNumber };
    },
    snapshot: (record) => snapshotUser(record.id),
    secrets: (record, owner) => [record.mrn!, owner.user.email, owner.user.phone ?? ''],
    ownerGet: 200,
  },
  {
    name: 'profile (PUT /api/user/profile/{id})',
    paths: ['/api/user/profile/:id'],
    body: { firstName: 'Intruder', phone: '+1 555 000 0000' },
    create: async (owner) => ({ id: owner.user.id }),
    snapshot: (record) => snapshotUser(record.id),
    secrets: (_record, owner) => [owner.user.email, owner.user.phone ?? ''],
  },
  {
    name: 'passkey (PUT/DELETE /api/biometric/credentials/{id})',
    paths: ['/api/biometric/credentials/:id'],
    body: { enabled: false },
    create: async (owner) => {
      const marker = `device-${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db
        .insert(webauthnCredentials)
        .values({ userId: owner.user.id, credentialId: randomBytes(16).toString('base64url'), publicKey: 'pk', deviceName: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'notification (PUT /api/notifications/{id}/read, DELETE /api/notifications/{id})',
    paths: ['/api/notifications/:id/read', '/api/notifications/:id'],
    create: async (owner) => {
      const marker = `Results ready ${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db
        .insert(notifications)
        .values({ userId: owner.user.id, type: 'lab_result', title: marker, message: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(notifications).where(eq(notifications.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'permissions (GET/POST /api/users/{id}/permissions)',
    paths: ['/api/users/:id/permissions', '/api/users/:id/permissions/patients.view.all', '/api/users/:id/position', '/api/users/:id/role'],
    body: { permission: 'billing.view', position: 'billing', role: 'admin' },
    create: async (owner) => ({ id: owner.user.id }),
    snapshot: async (record) => ({
      grants: await t.app.db.select().from(userPermissions).where(eq(userPermissions.userId, record.id)),
      user: (await snapshotUser(record.id)).user,
    }),
    secrets: (_record, owner) => [owner.user.email],
    ownerGet: 200,
  },
];

describe('IDOR: someone else’s record', () => {
  for (const testCase of cases) {
    it(`${testCase.name}: refused to every intruder, with no leak and no change`, async () => {
      for (const { label, actor: intruder } of intruders) {
        // A fresh owner per intruder: a patient, who owns a record, a profile, passkeys and notifications.
        const owner = await createActor(t.app, 'patient');
        const { outcomes, before, after, ownerStatus } = await probeIdor(testCase, owner, intruder);
        for (const outcome of outcomes) {
          const where = `${label}: ${outcome.method} ${outcome.url}`;
          expect([403, 404], where).toContain(outcome.status);
          expect(outcome.leaked, where).toEqual([]);
        }
        expect(after, label).toEqual(before);
        if (testCase.ownerGet !== undefined) expect(ownerStatus, `${label}: the owner`).toBe(testCase.ownerGet);
      }
    });
  }
});

describe('mass assignment', () => {
  it('a patient cannot set its own role (or any account field) through the profile update', async () => {
    const patient = await createActor(t.app, 'patient');
    for (const body of [
      { role: 'admin' },
      { firstName: 'Sam', role: 'admin' },
      { position: 'nurse' },
      { isActive: false },
      { mfaEnabled: false },
    ]) {
      const response = await patient.agent.put(`/api/user/profile/${patient.user.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.app.db
      .select({ role: users.role, firstName: users.firstName, position: users.position })
      .from(users)
      .where(eq(users.id, patient.user.id));
    expect(row).toEqual({ role: 'patient', firstName: patient.user.firstName, position: null });
    expect((await patient.agent.put(`/api/users/${patient.user.id}/role`, { role: 'admin' })).statusCode).toBe(403);
  });
});
