import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientDetailResponseSchema } from '../../../contracts/patient-directory';
import { profileUpdateResponseSchema } from '../../../contracts/profile';
import { userSettingsResponseSchema } from '../../../contracts/user-settings';
import { patientProfiles, users, userSettings } from '../../db/schema';
import { createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf } from '../auth/testing';

// The settings screen's medical, insurance and country fields on
// PUT /api/user/profile/{id}, the notification choices on /api/user/settings, and item 8's
// demographics read (GET /api/patients/{id}) showing what the patient saved.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t?.close());

async function profileRow(userId: string) {
  const [row] = await t.app.db
    .select({ user: users, profile: patientProfiles })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

describe('PUT /api/user/profile/{id}: medical information, insurance, country', () => {
  it('saves a patient’s reported medical information, insurance and country, audited by field name only', async () => {
    const patient = await createActor(t.app, 'patient');
    const response = await patient.agent.put(`/api/user/profile/${patient.user.id}`, {
      bloodType: 'AB-',
      allergies: [' Penicillin ', '', 'Peanuts'],
      medications: ['Metformin 500 mg'],
      medicalHistory: ['Asthma'],
      insuranceProvider: 'Northwind Health',
      insurancePolicyNumber: 'NW-2231/77',
      country: 'DE',
    });
    expect(response.statusCode).toBe(200);
    const user = profileUpdateResponseSchema.parse(response.json()).user;
    expect(user).toMatchObject({
      bloodType: 'AB-',
      allergies: ['Penicillin', 'Peanuts'],
      medications: ['Metformin 500 mg'],
      medicalHistory: ['Asthma'],
      insuranceProvider: 'Northwind Health',
      insurancePolicyNumber: 'NW-2231/77',
      country: 'DE',
    });
    const row = await profileRow(patient.user.id);
    expect(row?.user.country).toBe('DE');
    expect(row?.profile).toMatchObject({
      bloodType: 'AB-',
      reportedAllergies: ['Penicillin', 'Peanuts'],
      insuranceProvider: 'Northwind Health',
    });

    const [event] = await auditOf(t.app.db, 'profile.update', patient.user.id);
    expect(event).toMatchObject({ outcome: 'success', patientId: patient.user.id });
    expect(event?.details).toEqual({
      fields: [
        'country',
        'bloodType',
        'reportedAllergies',
        'reportedMedications',
        'reportedConditions',
        'insuranceProvider',
        'insurancePolicyNumber',
      ],
    });
    expect(JSON.stringify(event)).not.toContain('Northwind');

    // Item 8 demographics: the patient's own detail shows the saved insurance, country and language.
    const detail = await patient.agent.get(`/api/patients/${patient.user.id}`);
    expect(detail.statusCode).toBe(200);
    expect(patientDetailResponseSchema.parse(detail.json()).data).toMatchObject({
      insuranceProvider: 'Northwind Health',
      insurancePolicyNumber: 'NW-2231/77',
      country: 'DE',
      preferredLanguage: patient.user.preferredLanguage,
    });
    expect(await auditOf(t.app.db, 'patient.read', patient.user.id)).toHaveLength(1);
  });

  it('clears insurance with empty text and the country with null', async () => {
    const patient = await createActor(t.app, 'patient');
    const url = `/api/user/profile/${patient.user.id}`;
    await patient.agent.put(url, { insuranceProvider: 'Acme', country: 'FR' });
    const cleared = await patient.agent.put(url, { insuranceProvider: '', country: null });
    expect(cleared.json().user).toMatchObject({ insuranceProvider: null, country: null });
  });

  it('saves the country of other roles and ignores patient-only fields for them', async () => {
    const doctor = await createActor(t.app, 'doctor');
    const response = await doctor.agent.put(`/api/user/profile/${doctor.user.id}`, {
      country: 'ES',
      bloodType: 'O+',
      insuranceProvider: 'Acme',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ country: 'ES', bloodType: null, insuranceProvider: null });
    expect((await auditOf(t.app.db, 'profile.update', doctor.user.id)).at(-1)).toMatchObject({
      patientId: null,
      details: { fields: ['country'] },
    });
  });

  it('answers each bad field with its message and changes nothing', async () => {
    const patient = await createActor(t.app, 'patient');
    const before = await profileRow(patient.user.id);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ phone: '12ab' }, { phone: 'Please enter a valid phone number' }],
      [{ dateOfBirth: '2999-01-01' }, { dateOfBirth: 'Date of birth cannot be in the future' }],
      [{ dateOfBirth: '1899-12-31' }, { dateOfBirth: 'Date of birth cannot be before 1900' }],
      [{ country: 'XX' }, { country: 'Please choose a country or region from the list' }],
      [{ country: 'de' }, { country: 'Please choose a country or region from the list' }],
      [{ bloodType: 'C+' }, { bloodType: 'Please choose one of the options' }],
      [{ insurancePolicyNumber: 'ABC<script>' }, { insurancePolicyNumber: 'Use letters, digits, spaces, dots, slashes and hyphens only' }],
      [{ insuranceProvider: 'x'.repeat(201) }, { insuranceProvider: 'This text is too long' }],
      [{ allergies: Array.from({ length: 51 }, (_, i) => `A${i}`) }, { allergies: 'Please list at most 50 items' }],
      [{ medications: ['x'.repeat(201)] }, { 'medications.0': 'This text is too long' }],
    ];
    for (const [body, fields] of cases) {
      // A valid field next to the bad one must not be saved either.
      const response = await patient.agent.put(`/api/user/profile/${patient.user.id}`, { firstName: 'Changed', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields,
      });
    }
    expect(await profileRow(patient.user.id)).toEqual(before);
    expect(await auditOf(t.app.db, 'profile.update', patient.user.id)).toHaveLength(0);
  });

  it('keeps the profile and the demographics out of anyone else’s reach', async () => {
    const owner = await createActor(t.app, 'patient');
    const intruder = await createActor(t.app, 'patient');
    const { outcomes, before, after, ownerStatus } = await probeIdor(
      {
        name: 'profile and demographics',
        paths: ['/api/patients/:id', '/api/user/profile/:id'],
        methods: ['GET', 'PUT'],
        body: { insuranceProvider: 'Mallory Mutual', country: 'US' },
        create: async (actor) => {
          await actor.agent.put(`/api/user/profile/${actor.user.id}`, { insuranceProvider: 'Owner Insurance', country: 'IT' });
          return { id: actor.user.id };
        },
        snapshot: (record) => profileRow(record.id),
        secrets: () => ['Owner Insurance', owner.user.email],
        ownerGet: 200,
      },
      owner,
      intruder,
    );
    expect(ownerStatus).toBe(200);
    for (const outcome of outcomes) {
      expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    expect(after).toEqual(before);
  });
});

describe('/api/user/settings: notification choices', () => {
  let actor: Actor;
  beforeAll(async () => {
    actor = await createActor(t.app, 'patient');
  });

  it('has every kind on until turned off, and saves only what is sent', async () => {
    expect(userSettingsResponseSchema.parse((await actor.agent.get('/api/user/settings')).json()).data.notifications).toEqual({
      appointments: true,
      labResults: true,
      messages: true,
      system: true,
    });
    const saved = await actor.agent.put('/api/user/settings', { notifications: { labResults: false, system: false } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.notifications).toEqual({ appointments: true, labResults: false, messages: true, system: false });
    expect((await actor.agent.get('/api/user/settings')).json().data.notifications).toEqual(saved.json().data.notifications);
    const [row] = await t.app.db.select().from(userSettings).where(eq(userSettings.userId, actor.user.id));
    expect(row).toMatchObject({ notifyLabResults: false, notifySystem: false, notifyAppointments: true, notifyMessages: true });
    expect((await auditOf(t.app.db, 'settings.update', actor.user.id)).at(-1)?.details).toEqual({
      fields: ['notifyLabResults', 'notifySystem'],
    });
  });

  it('refuses unknown kinds and non-boolean values, changing nothing', async () => {
    const before = (await actor.agent.get('/api/user/settings')).json();
    const unknown = await actor.agent.put('/api/user/settings', { notifications: { marketing: true } });
    expect(unknown.statusCode).toBe(400);
    const wrong = await actor.agent.put('/api/user/settings', { notifications: { messages: 'no' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ 'notifications.messages': 'Please choose one of the options' });
    expect((await actor.agent.get('/api/user/settings')).json()).toEqual(before);
  });
});
