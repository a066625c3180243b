import { randomBytes } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTIES } from '../../../contracts/specialties';
import { SEARCH_RATE_PER_MINUTE, searchResponseSchema, type SearchResults } from '../../../contracts/search';
import { createAppointment, createDoctor, createPatient, createUser, Random } from '../../db/factories';
import { auditEvents, patientProfiles } from '../../db/schema';
import { assignCare, createActor, grantDirectly, type Actor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// GET /api/search as each kind of caller: what they find (only what their role and reach allow),
// how names are matched (any order, accents and case ignored, one letter wrong), that what is typed
// is plain text, the audit event a patient hit leaves, and the limits.

const random = new Random(Number.parseInt(randomBytes(4).toString('hex'), 16));

let t: TestApp;
let zoe: { id: string; mrn: string };
let outOfCare: { id: string };
let patient: Actor;
let doctor: Actor;
let reception: Actor;
let plainStaff: Actor;
let admin: Actor;
let ownAppointment: string;
let othersAppointment: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const db = t.app.db;
  const doctorRow = await createDoctor(
    db,
    random,
    SPECIALTIES.find((specialty) => specialty.key === 'cardiology')!,
    {
      firstName: 'Oswin',
      lastName: 'Marchetti',
      profile: { department: 'Heart Centre' },
    },
  );
  doctor = { user: doctorRow.user, agent: new TestAgent(t.app) };
  await doctor.agent.signInAs(doctorRow.user.id);

  const found = await createPatient(db, random, {
    firstName: 'Zoé',
    lastName: 'Quillfeather',
    email: `zoe.quillfeather.${random.int(1000, 9999)}@example.org`,
    phone: '+44 20 7946 0958',
    dateOfBirth: '1984-07-21',
  });
  zoe = { id: found.user.id, mrn: found.profile.medicalRecordNumber! };
  await assignCare(t.app, doctorRow.user.id, zoe.id);
  outOfCare = (await createPatient(db, random, { firstName: 'Zoe', lastName: 'Quillfeathers' })).user;

  patient = await createActor(t.app, 'patient');
  const other = await createPatient(db, random, { firstName: 'Ilse', lastName: 'Marchetti' });
  ownAppointment = (
    await createAppointment(db, random, {
      patientId: patient.user.id,
      doctorId: doctorRow.user.id,
      startsAt: new Date('2031-03-04T10:00:00Z'),
    })
  ).id;
  othersAppointment = (
    await createAppointment(db, random, {
      patientId: other.user.id,
      doctorId: doctorRow.user.id,
      startsAt: new Date('2031-03-04T11:00:00Z'),
    })
  ).id;

  reception = await createActor(t.app, 'staff', { permissions: ['patients.view.all'] });
  plainStaff = await createActor(t.app, 'staff', { permissions: ['billing.view'] });
  admin = await createActor(t.app, 'admin');
  await createUser(db, random, { role: 'staff', firstName: 'Perpetua', lastName: 'Okonkwo', position: 'nurse' });
  await grantDirectly(t.app, reception.user.id, ['appointments.view.all']);
});

afterAll(async () => {
  await t.close();
});

async function search(actor: Actor, query: string, extra = ''): Promise<SearchResults> {
  const response = await actor.agent.get(`/api/search?query=${encodeURIComponent(query)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return searchResponseSchema.parse(response.json()).data;
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

describe('GET /api/search: who finds what', () => {
  it('gives a patient features open to patients and their own appointments, never a person', async () => {
    const results = await search(patient, 'Marchetti');
    expect(results.patients).toEqual([]);
    expect(results.doctors).toEqual([]);
    expect(results.staff).toEqual([]);
    // The other patient's appointment with the same doctor is not theirs.
    expect(ids(results.appointments)).toEqual([ownAppointment]);
    // Names as parts, which the web orders and titles in the reader's language: no English "Dr.".
    expect(results.appointments[0]).toMatchObject({
      patient: { firstName: patient.user.firstName, lastName: patient.user.lastName },
      doctor: { firstName: 'Oswin', lastName: 'Marchetti' },
    });
    expect(JSON.stringify(results)).not.toContain('Dr. ');
    expect(ids(results.appointments)).not.toContain(othersAppointment);

    const refill = await search(patient, 'refill');
    expect(refill.features.map((feature) => feature.route)).toContain('/patient/refills');
    expect(refill.features.every((feature) => feature.patientAccessible)).toBe(true);
    expect((await search(patient, 'audit')).features).toEqual([]);
    expect((await search(patient, 'Quillfeather')).patients).toEqual([]);
  });

  it('gives a doctor the patients in their care only, and doctors and staff', async () => {
    const results = await search(doctor, 'Quillfeather');
    expect(ids(results.patients)).toEqual([zoe.id]);
    expect(ids(results.patients)).not.toContain(outOfCare.id);
    // A doctor holds PHI access: the blood type comes along.
    expect(results.patients[0]!.bloodType).not.toBeNull();
    expect((await search(doctor, 'cardio heart')).doctors.map((row) => row.lastName)).toContain('Marchetti');
    expect((await search(doctor, 'perpetua nurse')).staff.map((row) => row.lastName)).toEqual(['Okonkwo']);
  });

  it('gives staff without patients.view.all no patients, and staff with it every patient', async () => {
    const none = await search(plainStaff, 'Quillfeather');
    expect(none.patients).toEqual([]);
    expect(none.more.patients).toBe(false);
    const all = await search(reception, 'Quillfeather');
    expect(ids(all.patients).sort()).toEqual([zoe.id, outOfCare.id].sort());
    // Reception holds no PHI access: no blood type.
    expect(all.patients.every((row) => row.bloodType === null)).toBe(true);
  });

  it('shows at most 3 per group in the panel and pages one group on request', async () => {
    for (let n = 0; n < 4; n += 1) await createPatient(t.app.db, random, { firstName: `Wenceslas${n}`, lastName: 'Tarrabuck' });
    const panel = await search(admin, 'Tarrabuck');
    expect(panel.patients).toHaveLength(3);
    expect(panel.more.patients).toBe(true);
    const page = await search(admin, 'Tarrabuck', '&group=patients&page=1');
    expect(page.patients).toHaveLength(4);
    expect(page.more.patients).toBe(false);
    expect(page.doctors).toEqual([]);
    expect(page.features).toEqual([]);
  });
});

describe('GET /api/search: matching', () => {
  it('finds a patient by name in any order, ignoring accents and case', async () => {
    for (const query of ['zoe quill', 'QUILLFEATHER ZOÉ', 'feather', 'Zoé Q']) {
      expect(ids((await search(doctor, query)).patients), query).toEqual([zoe.id]);
    }
  });

  it('tolerates one wrong letter in a name', async () => {
    expect(ids((await search(doctor, 'Quilfeather')).patients)).toEqual([zoe.id]);
    expect(ids((await search(doctor, 'Quillfaather')).patients)).toEqual([zoe.id]);
  });

  it('finds a patient by record number, e-mail, phone and day of birth', async () => {
    const [row] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, zoe.id));
    expect(ids((await search(doctor, row!.medicalRecordNumber)).patients)).toEqual([zoe.id]);
    expect(ids((await search(doctor, 'zoe.quillfeather')).patients)).toEqual([zoe.id]);
    expect(ids((await search(doctor, '7946 0958')).patients)).toEqual([zoe.id]);
    expect(ids((await search(doctor, '1984-07-21')).patients)).toEqual([zoe.id]);
    expect(ids((await search(doctor, '21/07/1984')).patients)).toEqual([zoe.id]);
  });

  it('treats %, _ and \\ as the characters they are', async () => {
    for (const query of ['%', '%%', '_', '__', '\\', '\\%', 'Z%', 'Z_e', 'Zo_', '_oe', '%oe', "'; drop table users; --", '.*', '(?:a)']) {
      const results = await search(admin, query);
      expect([...ids(results.patients), ...ids(results.staff), ...ids(results.doctors)], query).toEqual([]);
    }
  });

  it('answers an empty or blank query with nothing, without touching the database', async () => {
    // Warmed once, then compared with a request that reads only the session.
    await search(admin, '');
    await t.app.audit.settled();
    const sessionOnly = await statementsOf(() => admin.agent.get('/api/csrf-token'));
    for (const query of ['', '   ', '\t\n']) {
      const sent = await statementsOf(async () => {
        const results = await search(admin, query);
        expect(results.total).toBe(0);
        expect(results.features).toEqual([]);
      });
      expect(sent, JSON.stringify(query)).toBeLessThanOrEqual(sessionOnly);
    }
  });

  it('finds only features from a single letter (people need two)', async () => {
    const results = await search(admin, 'q');
    expect(results.patients).toEqual([]);
  });

  it('finds appointments by patient, doctor, day and type within the reach', async () => {
    expect(ids((await search(admin, 'Marchetti video')).appointments).length).toBeLessThanOrEqual(2);
    expect(ids((await search(admin, '2031-03-04')).appointments).sort()).toEqual([ownAppointment, othersAppointment].sort());
    expect(ids((await search(patient, '2031-03-04')).appointments)).toEqual([ownAppointment]);
    expect(ids((await search(plainStaff, '2031-03-04')).appointments)).toEqual([]);
  });
});

async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const before = t.db.statements!();
  await run();
  await t.app.audit.settled();
  return t.db.statements!() - before;
}

describe('GET /api/search: audit and limits', () => {
  it('names every patient found on the request’s audit event, as a search hit', async () => {
    const [last] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
    await search(doctor, 'Quillfeather');
    await t.app.audit.settled();
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, last?.id ?? 0), eq(auditEvents.action, 'patient.search')));
    expect(events).toHaveLength(1);
    // One patient is named in patientId (several would be in patientIds).
    expect(events[0]!.patientId).toBe(zoe.id);
    expect(JSON.stringify(events[0]!.details)).not.toContain('Quill');
  });

  it('refuses a query over 100 characters, naming the field', async () => {
    const response = await admin.agent.get(`/api/search?query=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().error.fields)).toEqual(['querystring.query']);
  });

  it('asks a user who searches too fast to wait, without slowing anyone else', async () => {
    const hasty = await createActor(t.app, 'admin');
    let last = 0;
    for (let n = 0; n <= SEARCH_RATE_PER_MINUTE; n += 1) last = (await hasty.agent.get('/api/search?query=q')).statusCode;
    expect(last).toBe(429);
    const refused = await hasty.agent.get('/api/search?query=q');
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await admin.agent.get('/api/search?query=q')).statusCode).toBe(200);
  });

  it('refuses anonymous callers', async () => {
    const response = await new TestAgent(t.app).get('/api/search?query=zoe');
    expect(response.statusCode).toBe(401);
  });
});
