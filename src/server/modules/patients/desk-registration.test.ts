import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskRegistrationResponseSchema, duplicateCheckResponseSchema } from '../../../contracts/desk-registration';
import { mailOutbox, patientProfiles, users } from '../../db/schema';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, login, mailTo, resetTokenFrom } from '../auth/testing';

// The front desk registers a walk-in patient against the real app and database: possible
// duplicates first, then the patient with an invitation to choose a password. Only staff holding
// patients.create (and admins) reach it.

let t: TestApp;
let desk: Actor;
let clerk: Actor;
let admin: Actor;
let patient: Actor;
let doctor: Actor;
let run = 0;

function walkIn(overrides: Record<string, unknown> = {}) {
  run += 1;
  const tag = `${Date.now().toString(36)}${run}`;
  return {
    firstName: 'Noor',
    lastName: `Walkin${tag}`,
    email: `noor.${tag}@desk-registration.test`,
    phone: `+44 20 7946 ${String(1000 + (run % 9000)).padStart(4, '0')}${run}`,
    dateOfBirth: '1984-03-09',
    gender: 'female',
    address: '12 Market Street, Leeds',
    preferredLanguage: 'English',
    allergies: ['Penicillin'],
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  desk = await createActor(t.app, 'staff', { permissions: ['patients.create', 'patients.view.all', 'medical_records.view'] });
  clerk = await createActor(t.app, 'staff', { position: 'billing', permissions: ['patients.view.all', 'billing.view'] });
  admin = await createActor(t.app, 'admin');
  patient = await createActor(t.app, 'patient');
  doctor = await createActor(t.app, 'doctor');
});

afterAll(async () => {
  await t.close();
});

async function patientsWithEmail(email: string) {
  return t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
}

describe('POST /api/staff/patients', () => {
  it('creates the patient without a password, mails a set-password invitation in the same write, and notes it', async () => {
    const body = walkIn();
    const response = await desk.agent.post('/api/staff/patients', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = deskRegistrationResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({ firstName: 'Noor', lastName: body.lastName, email: body.email });

    const [row] = await t.app.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ role: 'patient', passwordHash: null, phone: body.phone, dateOfBirth: body.dateOfBirth });
    const [profile] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, created.id));
    expect(profile).toMatchObject({ medicalRecordNumber: created.medicalRecordNumber, reportedAllergies: ['Penicillin'] });

    const outbox = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email));
    expect(outbox).toHaveLength(1);
    const [mail] = await mailTo(t.app.db, body.email, 'invitation');
    expect(mail!.textBody).toContain('Dear Noor');
    expect(mail!.textBody).not.toContain(created.medicalRecordNumber);

    // The link sets the password once; then the patient signs in.
    const anonymous = new TestAgent(t.app);
    const token = resetTokenFrom(mail!.textBody);
    expect((await anonymous.post('/api/auth/reset-password', { token, newPassword: 'Walk-in#Start2026' })).statusCode).toBe(200);
    const signIn = await login(anonymous, { email: body.email, password: 'Walk-in#Start2026' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ role: 'patient' });

    const [event] = await auditOf(t.app.db, 'patient.desk-register', created.id);
    expect(event).toMatchObject({ actorUserId: desk.user.id, outcome: 'success' });
  });

  it('refuses an e-mail address that has an account (any case), even when confirmed, and creates nothing', async () => {
    const first = walkIn();
    expect((await desk.agent.post('/api/staff/patients', first)).statusCode).toBe(201);
    const again = walkIn({ email: first.email.toUpperCase(), confirmNotDuplicate: true });
    const response = await desk.agent.post('/api/staff/patients', again);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } });
    expect(await t.app.db.select().from(users).where(eq(users.lastName, again.lastName))).toHaveLength(0);
    expect(await mailTo(t.app.db, first.email, 'invitation')).toHaveLength(1);
  });

  it('refuses a possible duplicate until the desk confirms it checked, then creates', async () => {
    const first = walkIn();
    expect((await desk.agent.post('/api/staff/patients', first)).statusCode).toBe(201);
    const twin = walkIn({ firstName: 'NOOR', lastName: first.lastName.toLowerCase() });
    const refused = await desk.agent.post('/api/staff/patients', twin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('POSSIBLE_DUPLICATE');
    expect(await patientsWithEmail(twin.email)).toHaveLength(0);
    expect(await mailTo(t.app.db, twin.email)).toHaveLength(0);

    const confirmed = await desk.agent.post('/api/staff/patients', { ...twin, confirmNotDuplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await patientsWithEmail(twin.email)).toHaveLength(1);
  });

  it('answers bad input with field errors (400) and changes nothing', async () => {
    const body = walkIn({ dateOfBirth: '2999-01-01', phone: 'call me', email: 'not-an-address', firstName: ' ' });
    const response = await desk.agent.post('/api/staff/patients', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(expect.arrayContaining(['firstName', 'email', 'phone', 'dateOfBirth']));
    const withPassword = await desk.agent.post('/api/staff/patients', { ...walkIn(), password: 'Chosen#2026' });
    expect(withPassword.statusCode).toBe(400);
    expect(await t.app.db.select().from(users).where(eq(users.lastName, body.lastName))).toHaveLength(0);
  });

  it('is refused to staff without patients.create, patients and doctors (403), creating nothing; admins may', async () => {
    for (const actor of [clerk, patient, doctor]) {
      const body = walkIn();
      expect((await actor.agent.post('/api/staff/patients', body)).statusCode).toBe(403);
      expect((await actor.agent.post('/api/staff/patients/duplicates', body)).statusCode).toBe(403);
      expect(await patientsWithEmail(body.email)).toHaveLength(0);
    }
    expect((await new TestAgent(t.app).post('/api/staff/patients', walkIn())).statusCode).toBe(401);
    expect((await admin.agent.post('/api/staff/patients', walkIn())).statusCode).toBe(201);
  });
});

describe('POST /api/staff/patients/duplicates', () => {
  it('finds a patient by name and birth date, by e-mail and by phone, each saying why; nobody else', async () => {
    const existing = walkIn({ phone: '+1 (555) 010-7788' });
    const created = deskRegistrationResponseSchema.parse((await desk.agent.post('/api/staff/patients', existing)).json()).data;

    const check = async (body: Record<string, unknown>) => {
      const response = await desk.agent.post('/api/staff/patients/duplicates', body);
      expect(response.statusCode, response.body).toBe(200);
      return duplicateCheckResponseSchema.parse(response.json()).data.filter((d) => d.id === created.id);
    };
    const other = {
      firstName: 'Someone',
      lastName: 'Else',
      dateOfBirth: '1990-01-01',
      email: 'someone.else@desk-registration.test',
      phone: '+1 555 999 0000',
    };
    const pick = (...keys: (keyof typeof existing)[]) => Object.fromEntries(keys.map((k) => [k, existing[k]]));

    expect(await check({ ...other, ...pick('firstName', 'lastName', 'dateOfBirth') })).toEqual([
      { id: created.id, firstName: 'Noor', lastName: existing.lastName, dateOfBirth: '1984-03-09', reasons: ['name-and-birth-date'] },
    ]);
    expect((await check({ ...other, email: existing.email.toUpperCase() }))[0]?.reasons).toEqual(['email']);
    expect((await check({ ...other, phone: '15550107788' }))[0]?.reasons).toEqual(['phone']);
    expect((await check({ ...other, ...pick('firstName', 'lastName', 'email', 'phone', 'dateOfBirth') }))[0]?.reasons).toEqual([
      'name-and-birth-date',
      'email',
      'phone',
    ]);
    // The same name born on another day is someone else.
    expect(await check({ ...other, ...pick('firstName', 'lastName'), dateOfBirth: '1984-03-10' })).toEqual([]);

    const events = await auditOf(t.app.db, 'patient.duplicates');
    expect(events.some((e) => e.patientId === created.id || e.patientIds?.includes(created.id))).toBe(true);
    // What was typed is not on the trail.
    expect(JSON.stringify(events)).not.toContain(existing.lastName);
  });

  it('names a match without its id to a caller who may not open patients', async () => {
    const existing = walkIn();
    await desk.agent.post('/api/staff/patients', existing);
    const registrar = await createActor(t.app, 'staff', { permissions: ['patients.create'] });
    const response = await registrar.agent.post('/api/staff/patients/duplicates', {
      firstName: existing.firstName,
      lastName: existing.lastName,
      dateOfBirth: existing.dateOfBirth,
      email: 'x@desk-registration.test',
      phone: '+1 555 111 2222',
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = duplicateCheckResponseSchema.parse(response.json()).data.filter((d) => d.lastName === existing.lastName);
    expect(found).toEqual([
      { id: null, firstName: 'Noor', lastName: existing.lastName, dateOfBirth: '1984-03-09', reasons: ['name-and-birth-date'] },
    ]);
  });

  it('answers bad input with 400', async () => {
    const response = await desk.agent.post('/api/staff/patients/duplicates', {
      firstName: '',
      lastName: 'X',
      dateOfBirth: 'soon',
      email: 'x',
      phone: '1',
    });
    expect(response.statusCode).toBe(400);
  });
});
