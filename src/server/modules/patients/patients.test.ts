import { verify } from '@node-rs/argon2';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationResponseSchema, type RegistrationPayload } from '../../../contracts/registration';
import { REGISTRATION_RECEIVED_MESSAGE } from './patients.service';
import { auditEvents, mailOutbox, patientProfiles, users } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// POST /api/patients/register, told as a registrant would meet it: a new patient signs up
// through the browser (pre-session CSRF token), gets a record number from the server, a welcome
// mail and an audit entry; everything that should be refused is refused without leaving a trace.
// The answer is the same for every accepted registration ("check your mail"): it names no account.

const URL = '/api/patients/register';

let unique = 0;
function payload(overrides: Partial<RegistrationPayload> & Record<string, unknown> = {}): RegistrationPayload {
  unique += 1;
  return {
    firstName: 'Amara',
    lastName: 'Okafor',
    email: `amara.okafor.${unique}.${Date.now()}@example.org`,
    password: 'Harbour-Lights#42',
    phone: '+1 555 010 2233',
    dateOfBirth: '1988-04-17',
    gender: 'female',
    address: '12 Elm Street, Springfield, IL 62701',
    role: 'patient',
    medicalRecordNumber: 'MRN123456',
    bloodType: 'AB-',
    age: 38,
    insuranceProvider: 'Meridian Care',
    insurancePolicyNumber: 'POL-778812',
    preferredLanguage: 'French',
    maritalStatus: 'married',
    occupation: 'Civil engineer',
    allergies: ['Penicillin', 'Peanuts'],
    medications: ['Lisinopril 10 mg'],
    medicalHistory: ['Hypertension', 'Asthma'],
    ...overrides,
  } as RegistrationPayload;
}

describe('patient self-registration', () => {
  let t: TestApp;
  // The route allows 10 registrations per 15 minutes per address: each browser gets an address of its own.
  let address = 0;
  const browser = () => {
    address += 1;
    return new TestAgent(t.app, `10.30.${Math.floor(address / 250)}.${(address % 250) + 1}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.db;

  async function usersWithEmail(email: string) {
    return db()
      .select()
      .from(users)
      .where(sql`${users.email} = ${email}`);
  }

  /** The account a registration created, as the database holds it. */
  async function registered(email: string) {
    const [row] = await db()
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        medicalRecordNumber: patientProfiles.medicalRecordNumber,
      })
      .from(users)
      .innerJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .where(sql`${users.email} = ${email}`);
    if (!row) throw new Error(`no account for ${email}`);
    return row;
  }

  async function totals() {
    const [u] = await db().select({ n: count() }).from(users);
    const [p] = await db().select({ n: count() }).from(patientProfiles);
    return { users: u!.n, profiles: p!.n };
  }

  it('creates the patient with every payload field, a server-assigned record number and an argon2id hash', async () => {
    const body = payload();
    const response = await browser().post(URL, body);
    expect(response.statusCode, response.body).toBe(202);

    expect(registrationResponseSchema.parse(response.json())).toEqual({ success: true, message: REGISTRATION_RECEIVED_MESSAGE });
    const patient = await registered(body.email);
    expect(patient).toMatchObject({ email: body.email, firstName: 'Amara', lastName: 'Okafor' });
    // The client's "MRN + time" is ignored; the database sequence assigns MRN + 8 digits.
    expect(patient.medicalRecordNumber).toMatch(/^MRN\d{8}$/);
    expect(patient.medicalRecordNumber).not.toBe(body.medicalRecordNumber);
    // Registering does not sign anyone in.
    expect(response.cookies.some((c) => c.name.includes('session'))).toBe(false);

    const [user] = await db().select().from(users).where(eq(users.id, patient.id));
    expect(user).toMatchObject({
      email: body.email,
      role: 'patient',
      firstName: 'Amara',
      lastName: 'Okafor',
      phone: '+1 555 010 2233',
      dateOfBirth: '1988-04-17',
      gender: 'female',
      address: '12 Elm Street, Springfield, IL 62701',
      preferredLanguage: 'French',
      isActive: true,
      isFirstTimeLogin: false,
      mfaEnabled: false,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user!.passwordHash!, body.password)).toBe(true);
    expect(await verify(user!.passwordHash!, 'Harbour-Lights#43')).toBe(false);

    const [profile] = await db().select().from(patientProfiles).where(eq(patientProfiles.userId, patient.id));
    expect(profile).toEqual({
      userId: patient.id,
      medicalRecordNumber: patient.medicalRecordNumber,
      bloodType: 'AB-',
      maritalStatus: 'married',
      occupation: 'Civil engineer',
      insuranceProvider: 'Meridian Care',
      insurancePolicyNumber: 'POL-778812',
      emergencyContactName: null,
      emergencyContactPhone: null,
      emergencyContactRelationship: null,
      reportedAllergies: ['Penicillin', 'Peanuts'],
      reportedMedications: ['Lisinopril 10 mg'],
      reportedConditions: ['Hypertension', 'Asthma'],
    });
  });

  it('fills the optional fields with their defaults when step 3 is left empty', async () => {
    const body = payload();
    for (const key of [
      'bloodType',
      'insuranceProvider',
      'insurancePolicyNumber',
      'preferredLanguage',
      'maritalStatus',
      'occupation',
      'allergies',
      'medications',
      'medicalHistory',
      'age',
      'medicalRecordNumber',
      'role',
    ] as const) {
      delete body[key];
    }
    const response = await browser().post(URL, body);
    expect(response.statusCode, response.body).toBe(202);
    const patient = await registered(body.email);
    const [user] = await db().select().from(users).where(eq(users.id, patient.id));
    expect(user!.role).toBe('patient');
    expect(user!.preferredLanguage).toBe('English');
    const [profile] = await db().select().from(patientProfiles).where(eq(patientProfiles.userId, patient.id));
    expect(profile).toMatchObject({
      bloodType: 'Unknown',
      maritalStatus: null,
      occupation: null,
      insuranceProvider: null,
      insurancePolicyNumber: null,
      reportedAllergies: [],
      reportedMedications: [],
      reportedConditions: [],
    });
  });

  it('assigns a different record number to every registration, whatever the client sends', async () => {
    const bodies = [payload({ medicalRecordNumber: 'MRN000001' }), payload({ medicalRecordNumber: 'MRN000001' })];
    const first = await browser().post(URL, bodies[0]);
    const second = await browser().post(URL, bodies[1]);
    expect(first.statusCode, first.body).toBe(202);
    expect(second.statusCode, second.body).toBe(202);
    const a = (await registered(bodies[0]!.email)).medicalRecordNumber;
    const b = (await registered(bodies[1]!.email)).medicalRecordNumber;
    expect(a).toMatch(/^MRN\d{8}$/);
    expect(b).toMatch(/^MRN\d{8}$/);
    expect(a).not.toBe(b);
  });

  it('lets the new patient sign in with the chosen email and password', async () => {
    const body = payload();
    const agent = browser();
    const answer = await agent.post(URL, body);
    expect(answer.statusCode).toBe(202);
    const patient = await registered(body.email);

    const login = await agent.post('/api/auth/login', { email: body.email.toUpperCase(), password: body.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      success: true,
      user: {
        id: patient.id,
        email: body.email,
        role: 'patient',
        firstName: 'Amara',
        medicalRecordNumber: patient.medicalRecordNumber,
        bloodType: 'AB-',
        allergies: ['Penicillin', 'Peanuts'],
        medicalHistory: ['Hypertension', 'Asthma'],
        preferredLanguage: 'French',
      },
    });
  });

  it('sends a welcome mail that names the patient by first name and carries no health data', async () => {
    const body = payload({ firstName: 'Ingrid' });
    const response = await browser().post(URL, body);
    expect(response.statusCode).toBe(202);
    const patient = await registered(body.email);

    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = ${body.email}`);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.kind).toBe('welcome');
    expect(mail!.subject).toContain('Welcome');
    expect(mail!.textBody).toContain('Dear Ingrid,');
    expect(mail!.textBody).toContain('/login');
    for (const phi of [
      patient.medicalRecordNumber,
      body.dateOfBirth,
      'Penicillin',
      'Hypertension',
      'Meridian Care',
      body.password,
      'Okafor',
    ]) {
      expect(mail!.textBody).not.toContain(phi);
      expect(mail!.subject).not.toContain(phi);
    }
  });

  it('records the registration in the audit log, with the new patient and without PHI', async () => {
    const body = payload();
    const agent = browser();
    const response = await agent.post(URL, body, { headers: { 'user-agent': 'registration-test' } });
    expect(response.statusCode).toBe(202);
    const patient = await registered(body.email);

    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.register'), eq(auditEvents.patientId, patient.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'success', resourceType: 'user', resourceId: patient.id, userAgent: 'registration-test' });
    expect(events[0]!.ip).toMatch(/^10\.30\./);
    const serialised = JSON.stringify(events[0]);
    for (const phi of [body.email, body.dateOfBirth, body.phone, 'Penicillin', body.password]) expect(serialised).not.toContain(phi);
    expect((await t.app.audit.verifyChain()).intact).toBe(true);
  });

  it('answers a registration with a taken email (in any letter case) like any other, keeps the one account and tells its holder', async () => {
    const body = payload();
    const first = await browser().post(URL, body);
    expect(first.statusCode).toBe(202);
    const before = await totals();
    const failedAttempts = () =>
      db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'patient.register'), eq(auditEvents.outcome, 'failure')))
        .orderBy(asc(auditEvents.id));
    const failuresBefore = (await failedAttempts()).length;

    const again = await browser().post(URL, payload({ email: body.email.toUpperCase(), firstName: 'Mallory' }));
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);

    expect(await totals()).toEqual(before);
    const rows = await usersWithEmail(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Amara');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = ${body.email}`);
    expect(mails.map((m) => m.kind)).toEqual(['welcome', 'registration-attempt']);
    // The refused attempt is on record, without the email it tried.
    const failures = await failedAttempts();
    expect(failures).toHaveLength(failuresBefore + 1);
    expect(failures.at(-1)).toMatchObject({ details: { reason: 'email-taken' }, patientId: null });
    expect(JSON.stringify(failures).toLowerCase()).not.toContain(body.email.toLowerCase());
  });

  it('creates exactly one account when the same email is submitted twice at once', async () => {
    const body = payload();
    const before = await totals();
    const responses = await Promise.all([browser().post(URL, body), browser().post(URL, { ...body, email: body.email.toUpperCase() })]);
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(responses[0]!.body).toBe(responses[1]!.body);
    expect(await totals()).toEqual({ users: before.users + 1, profiles: before.profiles + 1 });
    expect(await usersWithEmail(body.email)).toHaveLength(1);
  });

  it('leaves no half-created account when the profile cannot be written', async () => {
    // Take the record number the sequence will hand out next, so the profile insert fails after
    // the user row was written: the transaction must take the user row back with it.
    const next = (await db().execute(
      sql`select (case when is_called then last_value + 1 else last_value end)::text as value from medical_record_number_seq`,
    )) as unknown as { rows: { value: string }[] };
    const blocked = `MRN${next.rows[0]!.value.padStart(8, '0')}`;
    const [holder] = await db()
      .insert(users)
      .values({ email: `holder.${Date.now()}@example.org`, firstName: 'Record', lastName: 'Holder' })
      .returning({ id: users.id });
    await db().insert(patientProfiles).values({ userId: holder!.id, medicalRecordNumber: blocked });
    const before = await totals();
    const auditBefore = await db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, 'patient.register'));

    const body = payload();
    const response = await browser().post(URL, body);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL' } });
    expect(await totals()).toEqual(before);
    expect(await usersWithEmail(body.email)).toHaveLength(0);
    const auditAfter = await db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, 'patient.register'));
    expect(auditAfter[0]!.n).toBe(auditBefore[0]!.n);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = ${body.email}`);
    expect(mails).toHaveLength(0);

    // The sequence has moved on: the same registration now succeeds.
    const retry = await browser().post(URL, body);
    expect(retry.statusCode, retry.body).toBe(202);
  });

  it('refuses invalid fields with 400, a message per field path, and stores nothing', async () => {
    const before = await totals();
    const response = await browser().post(URL, {
      ...payload(),
      firstName: '  ',
      email: 'not-an-email',
      password: 'abc',
      phone: '',
      dateOfBirth: '2999-01-01',
      gender: 'unknown',
      address: '',
      bloodType: 'C+',
      preferredLanguage: 'Klingon',
      maritalStatus: 'complicated',
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields).sort()).toEqual(
      [
        'address',
        'bloodType',
        'dateOfBirth',
        'email',
        'firstName',
        'gender',
        'maritalStatus',
        'password',
        'phone',
        'preferredLanguage',
      ].sort(),
    );
    // The same zod schema as the wizard, answered in its English wording.
    expect(error.fields).toMatchObject({
      firstName: 'First name is required',
      email: 'Valid email is required',
      password: 'Password must be at least 6 characters',
      phone: 'Phone number is required',
      dateOfBirth: 'Please enter a valid date of birth',
      gender: 'Gender is required',
      address: 'Address is required',
    });
    expect(await totals()).toEqual(before);
  });

  it('names every missing required field with its message', async () => {
    const response = await browser().post(URL, {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      phone: 'Phone number is required',
      dateOfBirth: 'Date of birth is required',
      gender: 'Gender is required',
      address: 'Address is required',
    });
  });

  describe('an address that follows its country', () => {
    const fieldsOf = (response: { json: <T>() => T }) => response.json<{ error: { fields: Record<string, string> } }>().error.fields;

    it('takes a German address with no state, stores the joined line and a preferred language of Arabic', async () => {
      const body = payload({
        address: 'Hauptstraße 5, Berlin, 10115, DE',
        addressParts: { country: 'DE', street: 'Hauptstraße 5', city: 'Berlin', zipCode: '10115' },
        preferredLanguage: 'Arabic',
      });
      const response = await browser().post(URL, body);
      expect(response.statusCode, response.body).toBe(202);
      const [user] = await usersWithEmail(body.email);
      expect(user).toMatchObject({ address: 'Hauptstraße 5, Berlin, 10115, DE', preferredLanguage: 'Arabic' });
    });

    it('takes an Emirati address with no postal code, and a US one as the wizard always sent it', async () => {
      const emirati = payload({
        address: '12 Corniche Road, Abu Dhabi, Abu Dhabi, AE',
        addressParts: { country: 'AE', street: '12 Corniche Road', city: 'Abu Dhabi', state: 'Abu Dhabi' },
      });
      expect((await browser().post(URL, emirati)).statusCode).toBe(202);
      const american = payload({
        addressParts: { country: 'US', street: '12 Elm Street', city: 'Springfield', state: 'IL', zipCode: '62701' },
      });
      expect((await browser().post(URL, american)).statusCode).toBe(202);
      const [user] = await usersWithEmail(american.email);
      expect(user?.address).toBe('12 Elm Street, Springfield, IL 62701');
    });

    it('refuses a US address without state and ZIP code, naming both, and stores nothing', async () => {
      const before = await totals();
      const response = await browser().post(
        URL,
        payload({ address: '12 Elm Street, Springfield', addressParts: { country: 'US', street: '12 Elm Street', city: 'Springfield' } }),
      );
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual({
        'addressParts.state': 'State is required',
        'addressParts.zipCode': 'ZIP code is required',
      });
      expect(await totals()).toEqual(before);
    });

    it('refuses a postal code of the wrong shape for its country, and a province left out in Canada', async () => {
      const german = await browser().post(
        URL,
        payload({
          address: 'Hauptstraße 5, Berlin, 1011, DE',
          addressParts: { country: 'DE', street: 'Hauptstraße 5', city: 'Berlin', zipCode: '1011' },
        }),
      );
      expect(german.statusCode).toBe(400);
      expect(fieldsOf(german)).toEqual({ 'addressParts.zipCode': 'Please enter a valid postal code for this country' });

      const american = await browser().post(
        URL,
        payload({
          address: '1 Main St, Boston, MA 0211',
          addressParts: { country: 'US', street: '1 Main St', city: 'Boston', state: 'MA', zipCode: '0211' },
        }),
      );
      expect(fieldsOf(american)).toEqual({ 'addressParts.zipCode': 'Please enter a valid ZIP code' });

      const canadian = await browser().post(
        URL,
        payload({
          address: '1 Bay St, Toronto, M5J 2N8, CA',
          addressParts: { country: 'CA', street: '1 Bay St', city: 'Toronto', zipCode: 'M5J 2N8' },
        }),
      );
      expect(fieldsOf(canadian)).toEqual({ 'addressParts.state': 'Province is required' });
    });

    it('refuses a country it does not offer, and an address line that is not its parts joined', async () => {
      const unknown = await browser().post(
        URL,
        payload({ address: '1 Rue, Paris, XX', addressParts: { country: 'XX', street: '1 Rue', city: 'Paris' } as never }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(fieldsOf(unknown)).toEqual({ 'addressParts.country': 'Please choose a country or region from the list' });

      const before = await totals();
      const mismatch = await browser().post(
        URL,
        payload({
          address: '99 Other Road, Paris, 75001, FR',
          addressParts: { country: 'FR', street: '1 Rue de Rivoli', city: 'Paris', zipCode: '75001' },
        }),
      );
      expect(mismatch.statusCode).toBe(400);
      expect(fieldsOf(mismatch)).toEqual({ address: 'The address does not match its parts' });
      expect(await totals()).toEqual(before);
    });
  });

  it('refuses a role other than patient, and takes no id or account flag from the body', async () => {
    const before = await totals();
    const admin = await browser().post(URL, { ...payload(), role: 'admin' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { role: expect.any(String) } } });
    expect(await totals()).toEqual(before);

    const forgedId = '00000000-0000-4000-8000-000000000001';
    const sneakyBody = payload();
    const sneaky = await browser().post(URL, {
      ...sneakyBody,
      id: forgedId,
      userId: forgedId,
      isActive: false,
      isFirstTimeLogin: true,
      mfaEnabled: true,
      permissions: ['system.admin'],
      position: 'reception',
    });
    expect(sneaky.statusCode, sneaky.body).toBe(202);
    const patient = await registered(sneakyBody.email);
    expect(patient.id).not.toBe(forgedId);
    const [user] = await db().select().from(users).where(eq(users.id, patient.id));
    expect(user).toMatchObject({ role: 'patient', isActive: true, isFirstTimeLogin: false, mfaEnabled: false, position: null });
  });

  it('refuses a well-known password even though it is long enough', async () => {
    const before = await totals();
    const response = await browser().post(URL, payload({ password: 'Password123' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { password: expect.any(String) } } });
    expect(await totals()).toEqual(before);
  });

  it('answers PASSWORD_TOO_COMMON, with the field, for a password only the server’s long list knows', async () => {
    const before = await totals();
    const response = await browser().post(URL, payload({ password: 'Liverpool1' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'PASSWORD_TOO_COMMON', fields: { password: expect.any(String) } } });
    expect(await totals()).toEqual(before);
  });

  it.each([
    [
      'a common password dressed up',
      'Password123!',
      'This password is too easy to guess: avoid common words, names, years and simple letter swaps.',
    ],
    [
      'the product’s name with a year',
      'Caredeck2026!',
      'This password is too easy to guess: avoid common words, names, years and simple letter swaps.',
    ],
    ['the patient’s own name', 'Okafor-Lantern#77', 'The password must not contain your name or email address.'],
  ])('answers PASSWORD_TOO_COMMON for %s, says why beside the field, and stores nothing', async (_what, password, message) => {
    const before = await totals();
    const response = await browser().post(URL, payload({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'PASSWORD_TOO_COMMON', fields: { password: message } } });
    expect(await totals()).toEqual(before);
  });

  it('refuses a registration without the CSRF token (a cross-site form post) and stores nothing', async () => {
    const before = await totals();
    const agent = browser();
    await agent.fetchCsrfToken(); // the cookie is there, as it would be for a visitor of our site
    const body = payload();
    const response = await agent.post(URL, body, { headers: { 'x-csrf-token': '' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'CSRF_INVALID' } });
    const noCookie = await t.app.inject({ method: 'POST', url: URL, remoteAddress: '10.31.0.1', payload: body });
    expect(noCookie.statusCode).toBe(403);
    expect(await totals()).toEqual(before);
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it('limits registrations per address to 10 in 15 minutes', async () => {
    const agent = browser();
    const statuses: number[] = [];
    // Invalid bodies keep the test fast: the limit counts attempts, not successes.
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await agent.post(URL, { email: 'x' });
      statuses.push(response.statusCode);
      codes.push(response.json().error.code);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('VALIDATION_FAILED'));
    expect(statuses[10]).toBe(429);
    expect(codes[10]).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await browser().post(URL, { email: 'x' })).statusCode).toBe(400);
  });
});
