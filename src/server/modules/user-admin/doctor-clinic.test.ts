import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorProfiles, users } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, createAccount } from '../auth/testing';

// In an organisation with clinics, an admin places each new doctor at one of them: the directory
// then shows the clinic's name as it is now, and a doctor whose clinic is removed keeps the name
// it had. (An organisation without clinics types a hospital instead: user-admin.test.ts.)

describe('admin: a new doctor works at one of the clinics', () => {
  let t: TestApp;
  let admin: TestAgent;
  let north: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestAgent(t.app);
    await admin.signInAs((await createAccount(t.db.db, { role: 'admin' })).user.id);
    const created = await admin.post('/api/admin/clinics', { name: 'North Clinic', latitude: 51.5, longitude: -0.1 });
    expect(created.statusCode).toBe(201);
    north = created.json().data.id;
    await admin.post('/api/admin/clinics', { name: 'South Clinic', latitude: 50.8, longitude: -0.1 });
  });
  afterAll(() => t?.close());

  let counter = 0;
  const doctorBody = (place: { clinicId?: string; hospital?: string }) => ({
    role: 'doctor',
    firstName: 'Amara',
    lastName: 'Nwosu',
    email: `clinic.doctor.${++counter}.${Date.now()}@user-admin.test`,
    specialty: 'Dermatology',
    experienceYears: 4,
    ...place,
  });

  const directoryHospital = async (doctorId: string) => (await new TestAgent(t.app).get(`/api/doctors/${doctorId}`)).json().data.hospital;

  it('places the doctor at the chosen clinic; the directory follows a rename and keeps the name once the clinic is removed', async () => {
    const response = await admin.post('/api/users', doctorBody({ clinicId: north }));
    expect(response.statusCode).toBe(201);
    const doctorId = response.json().data.id;
    const [profile] = await t.db.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, doctorId));
    expect(profile).toMatchObject({ clinicId: north, hospital: 'North Clinic' });
    const [event] = await auditOf(t.db.db, 'users.create', doctorId);
    expect(event!.details).toMatchObject({ role: 'doctor', clinicId: north });
    expect(await directoryHospital(doctorId)).toBe('North Clinic');

    const renamed = await admin.put(`/api/admin/clinics/${north}`, { name: 'Northgate Clinic', latitude: 51.5, longitude: -0.1 });
    expect(renamed.statusCode).toBe(200);
    expect(await directoryHospital(doctorId)).toBe('Northgate Clinic');

    expect((await admin.delete(`/api/admin/clinics/${north}`)).statusCode).toBe(204);
    const [after] = await t.db.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, doctorId));
    expect(after).toMatchObject({ clinicId: null, hospital: 'North Clinic' });
    expect(await directoryHospital(doctorId)).toBe('North Clinic');
  });

  it('refuses no clinic, an empty choice, an unknown clinic and a malformed id with 400 on the field, creating nothing', async () => {
    const cases = [
      [doctorBody({ hospital: 'Somewhere Else Hospital' }), 'Please choose the clinic the doctor works at'],
      [doctorBody({ clinicId: '' }), 'Please choose the clinic the doctor works at'],
      [doctorBody({ clinicId: '00000000-0000-4000-8000-000000000000' }), 'Please choose a clinic from the list'],
      [doctorBody({ clinicId: 'north' }), 'Please choose a clinic from the list'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await admin.post('/api/users', body);
      expect(response.statusCode, body.clinicId).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { clinicId: message } });
      expect(await t.db.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    }
  });
});
