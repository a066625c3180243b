import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStatsSchema } from '../../../contracts/public-stats';
import { SPECIALTIES } from '../../../contracts/specialties';
import { createDoctor, createPatient, createUser, Random } from '../../db/factories';
import { appointments, clinics, problems } from '../../db/schema';
import { AccessContext } from '../../platform/access-context';
import { fixedClinicClock } from '../../platform/clinic-clock';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { PublicStatsService } from './public-stats.service';

const cardiology = SPECIALTIES.find((s) => s.key === 'cardiology')!;

describe('the landing page figures (GET /api/public/stats)', () => {
  let test: TestApp;
  let clinicId: string;
  let patient: { email: string; phone: string | null; firstName: string; lastName: string; id: string };

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.db.db;
    const random = new Random(11);
    // Two active patients with three reported conditions and two problem-list entries on record, one
    // disabled patient whose history and problem list do not count, two rated doctors (4.0 × 10
    // reviews, 5.0 × 30 reviews), one unrated doctor, one admin.
    const p = await createPatient(db, random, {
      firstName: 'Sabine',
      lastName: 'Quartermaine',
      profile: { reportedConditions: ['Asthma', 'Hypertension'] },
    });
    patient = p.user;
    await createPatient(db, random, { profile: { reportedConditions: ['Migraine'] } });
    const disabled = await createPatient(db, random, { isActive: false, profile: { reportedConditions: ['Gout', 'Eczema'] } });
    const problem = (patientId: string, icd10Code: string, description: string, status: 'active' | 'resolved' = 'active') => ({
      patientId,
      icd10Code,
      description,
      status,
    });
    await db
      .insert(problems)
      .values([
        problem(p.user.id, 'J45.909', 'Asthma'),
        problem(p.user.id, 'J02.9', 'Acute pharyngitis', 'resolved'),
        problem(disabled.user.id, 'M10.9', 'Gout'),
      ]);
    await createDoctor(db, random, cardiology, { profile: { rating: '4.0', reviewCount: 10 } });
    await createDoctor(db, random, cardiology, { profile: { rating: '5.0', reviewCount: 30 } });
    await createDoctor(db, random, cardiology, { profile: { rating: null, reviewCount: 0 } });
    await createUser(db, random, { role: 'admin' });
    const [clinic] = await db.insert(clinics).values({ name: 'Harbour Clinic', latitude: 51.5, longitude: -0.12 }).returning();
    clinicId = clinic!.id;
  });

  afterAll(async () => {
    await test?.close();
  });

  it('answers anyone, without a session, with counts of this deployment', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(response.statusCode).toBe(200);
    const body = publicStatsSchema.parse(response.json());
    // 2 active patients + 3 doctors + 1 admin; the disabled patient is not an active user.
    expect(body.activeUsers).toBe(6);
    // 3 reported conditions + 2 problem-list entries (a resolved one is still a diagnosis on record).
    expect(body.diagnosesRecorded).toBe(5);
    // (4.0 × 10 + 5.0 × 30) / 40 = 4.75 of 5 = 95.0 %
    expect(body.satisfaction).toBe(95);
    expect(body.appointmentsToday).toBe(0);
    expect(body.clinics).toEqual([{ clinicId, patientsToday: 0 }]);
  });

  it('holds nothing but the documented counts: no name, address, id or contact of anyone', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/public/stats' });
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['activeUsers', 'appointmentsToday', 'clinics', 'diagnosesRecorded', 'generatedAt', 'satisfaction'].sort(),
    );
    for (const secret of [patient.email, patient.phone, patient.firstName, patient.lastName, patient.id, 'Asthma', 'Hypertension']) {
      if (secret) expect(response.body).not.toContain(secret);
    }
  });

  it('may be cached by browsers and proxies for a few seconds, unlike the rest of the API', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(response.headers['cache-control']).toBe('public, max-age=10');
  });

  it('counts once per cache period: a new account shows up only after the figures expire', async () => {
    const first = (await test.app.inject({ method: 'GET', url: '/api/public/stats' })).json() as {
      activeUsers: number;
      generatedAt: string;
    };
    await createUser(test.db.db, new Random(12), { role: 'staff' });
    const second = (await test.app.inject({ method: 'GET', url: '/api/public/stats' })).json() as {
      activeUsers: number;
      generatedAt: string;
    };
    expect(second).toEqual(first);
  });

  it('counts again once the period is over, and shares one count between concurrent visitors', async () => {
    let now = 1_000_000;
    const service = new PublicStatsService(test.app.uow, { ttlMs: 10_000, clinic: fixedClinicClock('UTC'), now: () => now });
    const visitor = () => AccessContext.system(test.app.audit, test.db.db);
    const [a, b] = await Promise.all([service.current(visitor()), service.current(visitor())]);
    expect(a).toBe(b);
    await createUser(test.db.db, new Random(13), { role: 'staff' });
    now += 9_999;
    expect((await service.current(visitor())).activeUsers).toBe(a.activeUsers);
    now += 1;
    expect((await service.current(visitor())).activeUsers).toBe(a.activeUsers + 1);
  });

  it('counts today’s appointments and in-person patients in the clinic’s time zone, cancelled ones not', async () => {
    const db = test.db.db;
    const random = new Random(14);
    const doctor = await createDoctor(db, random, cardiology);
    const first = await createPatient(db, random);
    const second = await createPatient(db, random);
    const third = await createPatient(db, random);
    const atTheClinic = await createDoctor(db, random, cardiology, { profile: { clinicId } });
    const visit = (
      startsAt: string,
      patientId: string,
      type: 'in-person' | 'video',
      status: 'scheduled' | 'cancelled' = 'scheduled',
      doctorId = doctor.user.id,
    ) => ({
      patientId,
      doctorId,
      startsAt: new Date(startsAt),
      type,
      status,
      reason: 'Check-up',
    });
    await db.insert(appointments).values([
      // 14 January in New York (UTC-5) until 05:00 UTC on the 15th.
      visit('2026-01-14T15:00:00Z', first.user.id, 'in-person'),
      visit('2026-01-14T17:00:00Z', first.user.id, 'in-person'),
      visit('2026-01-15T04:30:00Z', second.user.id, 'video'),
      visit('2026-01-14T16:00:00Z', second.user.id, 'in-person', 'cancelled'),
      visit('2026-01-14T18:00:00Z', third.user.id, 'in-person', 'scheduled', atTheClinic.user.id),
      // The 15th in New York, already the 15th in UTC too.
      visit('2026-01-15T06:00:00Z', second.user.id, 'in-person'),
    ]);
    const lateEvening = Date.parse('2026-01-15T03:00:00Z');
    const figures = (timeZone: string) =>
      new PublicStatsService(test.app.uow, { ttlMs: 0, clinic: fixedClinicClock(timeZone), now: () => lateEvening }).current(
        AccessContext.system(test.app.audit, db),
      );

    const newYork = await figures('America/New_York');
    expect(newYork.appointmentsToday).toBe(4);
    // The one clinic sees the distinct patients coming in person, whether or not their doctor is
    // placed at it: the first patient (twice, with a doctor of no clinic) and the third.
    expect(newYork.clinics).toEqual([{ clinicId, patientsToday: 2 }]);

    const utc = await figures('UTC');
    expect(utc.appointmentsToday).toBe(2);
    expect(utc.clinics).toEqual([{ clinicId, patientsToday: 1 }]);
  });

  it('is rate limited', async () => {
    let last = 0;
    for (let i = 0; i < 61 && last !== 429; i++) {
      last = (await test.app.inject({ method: 'GET', url: '/api/public/stats', remoteAddress: '203.0.113.9' })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('patients today at each of several clinics', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });

  afterAll(async () => {
    await test?.close();
  });

  it('counts for each clinic the distinct patients coming in person today to its doctors', async () => {
    const db = test.db.db;
    const random = new Random(21);
    const [north, south] = await db
      .insert(clinics)
      .values([
        { name: 'North Clinic', latitude: 55.9, longitude: -3.2 },
        { name: 'South Clinic', latitude: 50.4, longitude: -4.1 },
      ])
      .returning();
    const doctorAt = async (clinicId: string | null) => (await createDoctor(db, random, cardiology, { profile: { clinicId } })).user.id;
    const [northOne, northTwo, southOne, nowhere] = [
      await doctorAt(north!.id),
      await doctorAt(north!.id),
      await doctorAt(south!.id),
      await doctorAt(null),
    ];
    const patients: string[] = [];
    for (let i = 0; i < 7; i += 1) patients.push((await createPatient(db, random)).user.id);
    const [ana, ben, cai, dev, eli, fay, gus] = patients as [string, string, string, string, string, string, string];
    const visit = (
      startsAt: string,
      patientId: string,
      doctorId: string,
      type: 'in-person' | 'video' = 'in-person',
      status: 'scheduled' | 'cancelled' = 'scheduled',
    ) => ({
      patientId,
      doctorId,
      startsAt: new Date(startsAt),
      type,
      status,
      reason: 'Check-up',
    });
    await db.insert(appointments).values([
      // North: Ana twice (two of its doctors), Ben, and Cai, who also comes to South today.
      visit('2026-03-10T09:00:00Z', ana, northOne),
      visit('2026-03-10T11:00:00Z', ana, northTwo),
      visit('2026-03-10T10:00:00Z', ben, northOne),
      visit('2026-03-10T12:00:00Z', cai, northTwo),
      // South: Cai in person; Dev by video, Eli's visit cancelled and Fay's yesterday do not count.
      visit('2026-03-10T14:00:00Z', cai, southOne),
      visit('2026-03-10T15:00:00Z', dev, southOne, 'video'),
      visit('2026-03-10T16:00:00Z', eli, southOne, 'in-person', 'cancelled'),
      visit('2026-03-09T16:00:00Z', fay, southOne),
      // A doctor of no clinic: with several clinics, the visit is no clinic's.
      visit('2026-03-10T13:00:00Z', gus, nowhere),
    ]);
    const service = new PublicStatsService(test.app.uow, {
      ttlMs: 0,
      clinic: fixedClinicClock('UTC'),
      now: () => Date.parse('2026-03-10T18:00:00Z'),
    });

    const figures = await service.current(AccessContext.system(test.app.audit, db));

    expect(figures.appointmentsToday).toBe(7);
    expect(figures.clinics).toEqual([
      { clinicId: north!.id, patientsToday: 3 },
      { clinicId: south!.id, patientsToday: 1 },
    ]);
  });
});
