import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorListResponseSchema, doctorProfileResponseSchema, doctorSchema } from '../../../contracts/doctors';
import { SPECIALTIES, type Specialty } from '../../../contracts/specialties';
import { createDoctor, createPatient, Random } from '../../db/factories';
import { doctorAvailability, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const specialty = (key: string): Specialty => SPECIALTIES.find((s) => s.key === key)!;
const PUBLIC_FIELDS = Object.keys(doctorSchema.shape).sort();

describe('the public doctor directory (GET /api/doctors, GET /api/doctors/{id})', () => {
  let test: TestApp;
  let cardiologist: { id: string; email: string; phone: string | null };
  let otherCardiologistId: string;
  let dermatologistId: string;
  let retiredId: string;
  let patientId: string;

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.db.db;
    const random = new Random(7);
    const a = await createDoctor(db, random, specialty('cardiology'), {
      firstName: 'Amara',
      lastName: 'Okafor',
      avatarUrl: '/avatars/okafor.webp',
      profile: { languages: ['English', 'French'], telemedicineEnabled: true, rating: '4.7', consultationFee: '180.00' },
    });
    cardiologist = { id: a.user.id, email: a.user.email, phone: a.user.phone };
    await db.delete(doctorAvailability).where(eq(doctorAvailability.doctorId, a.user.id));
    await db.insert(doctorAvailability).values([
      { doctorId: a.user.id, dayOfWeek: 3, startTime: '13:00', endTime: '17:00', isAvailable: true },
      { doctorId: a.user.id, dayOfWeek: 1, startTime: '08:30', endTime: '12:00', isAvailable: true },
      { doctorId: a.user.id, dayOfWeek: 5, startTime: '09:00', endTime: '11:00', isAvailable: false },
    ]);
    otherCardiologistId = (
      await createDoctor(db, random, specialty('cardiology'), {
        firstName: 'Lukas',
        lastName: 'Brandt',
        profile: { languages: ['English', 'German'], telemedicineEnabled: false },
      })
    ).user.id;
    dermatologistId = (
      await createDoctor(db, random, specialty('dermatology'), {
        firstName: 'Mei',
        lastName: 'Chen',
        profile: { languages: ['English', 'Chinese'], telemedicineEnabled: true, rating: null, consultationFee: null },
      })
    ).user.id;
    retiredId = (await createDoctor(db, random, specialty('cardiology'), { firstName: 'Retired', lastName: 'Doctor', isActive: false }))
      .user.id;
    patientId = (await createPatient(db, random)).user.id;
  });

  afterAll(async () => {
    await test?.close();
  });

  async function list(query = '') {
    const response = await test.app.inject({ method: 'GET', url: `/api/doctors${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return { response, body: doctorListResponseSchema.parse(response.json()) };
  }

  it('answers {data: Doctor[]} without parameters, listing every active doctor and nobody else', async () => {
    const { body, response } = await list();
    expect(body.data.map((d) => d.id).sort()).toEqual([cardiologist.id, otherCardiologistId, dermatologistId].sort());
    expect(body.total).toBe(3);
    expect(body.data.map((d) => d.id)).not.toContain(retiredId);
    expect(body.data.map((d) => d.id)).not.toContain(patientId);
    // Public and cacheable for a short while: it holds no patient data.
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('sends the public fields only: never an email, phone or account internals', async () => {
    const { response } = await list();
    const raw = response.json() as { data: Record<string, unknown>[] };
    for (const doctor of raw.data) expect(Object.keys(doctor).sort()).toEqual(PUBLIC_FIELDS);
    expect(response.body).not.toContain(cardiologist.email);
    if (cardiologist.phone) expect(response.body).not.toContain(cardiologist.phone);
    expect(response.body).not.toMatch(/passwordHash|password_hash|mfaSecret|isActive|email/i);
  });

  it('shapes a doctor for the directory: experience in years, rating as a number, the fee as a money string, the avatar URL', async () => {
    const { body } = await list();
    const amara = body.data.find((d) => d.id === cardiologist.id)!;
    expect(amara).toMatchObject({
      firstName: 'Amara',
      lastName: 'Okafor',
      specialty: 'Cardiology',
      rating: 4.7,
      consultationFee: '180.00',
      avatar: '/avatars/okafor.webp',
      languages: ['English', 'French'],
      telemedicineEnabled: true,
    });
    expect(typeof amara.experience).toBe('number');
    const mei = body.data.find((d) => d.id === dermatologistId)!;
    expect(mei).toMatchObject({ rating: null, consultationFee: null, avatar: null });
  });

  it('filters by specialty ignoring case, by part of the name, by language and by telemedicine', async () => {
    const ids = async (query: string) => (await list(query)).body.data.map((d) => d.id).sort();
    expect(await ids('?specialty=cARDIOLOGY')).toEqual([cardiologist.id, otherCardiologistId].sort());
    expect(await ids('?specialty=Neurology')).toEqual([]);
    expect(await ids('?q=okaf')).toEqual([cardiologist.id]);
    expect(await ids('?q=amara%20okafor')).toEqual([cardiologist.id]);
    expect(await ids('?language=german')).toEqual([otherCardiologistId]);
    expect(await ids('?telemedicine=true')).toEqual([cardiologist.id, dermatologistId].sort());
    expect(await ids('?telemedicine=false')).toEqual([otherCardiologistId]);
    expect(await ids('?specialty=cardiology&telemedicine=true&language=French')).toEqual([cardiologist.id]);
  });

  it('pages in a stable order with the total of all matches', async () => {
    const first = (await list('?pageSize=2&page=1')).body;
    const second = (await list('?pageSize=2&page=2')).body;
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    const all = [...first.data, ...second.data].map((d) => d.id);
    expect(new Set(all).size).toBe(3);
  });

  it('treats hostile text as text: wildcards and SQL match nothing and change nothing', async () => {
    expect((await list(`?q=${encodeURIComponent("%' or 1=1 --")}`)).body.data).toEqual([]);
    expect((await list('?q=%25')).body.data).toEqual([]);
    expect((await list(`?language=${encodeURIComponent("English') or true --")}`)).body.data).toEqual([]);
    expect((await list()).body.total).toBe(3);
  });

  it('refuses unknown parameters and out-of-range paging with a validation error', async () => {
    for (const query of ['?pageSize=1000', '?page=0', '?telemedicine=yes', '?sort=email', `?q=${'x'.repeat(101)}`]) {
      const response = await test.app.inject({ method: 'GET', url: `/api/doctors${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('answers a profile with weekly availability in day order, times to the minute', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/api/doctors/${cardiologist.id}` });
    expect(response.statusCode).toBe(200);
    const { data } = doctorProfileResponseSchema.parse(response.json());
    expect(data).toMatchObject({ id: cardiologist.id, specialty: 'Cardiology', languages: ['English', 'French'] });
    expect(data.qualifications.length).toBeGreaterThan(0);
    expect(data.availability).toEqual([
      { dayOfWeek: 1, startTime: '08:30', endTime: '12:00', isAvailable: true },
      { dayOfWeek: 3, startTime: '13:00', endTime: '17:00', isAvailable: true },
      { dayOfWeek: 5, startTime: '09:00', endTime: '11:00', isAvailable: false },
    ]);
    expect(response.body).not.toContain(cardiologist.email);
    expect(Object.keys(response.json().data as object)).not.toContain('email');
  });

  it('answers 404 alike for an unknown id, a malformed id, a patient and a deactivated doctor', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', patientId, retiredId]) {
      const response = await test.app.inject({ method: 'GET', url: `/api/doctors/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });

  it('stops listing a doctor as soon as the account is deactivated', async () => {
    await test.db.db.update(users).set({ isActive: false }).where(eq(users.id, dermatologistId));
    try {
      expect((await list('?specialty=dermatology')).body.data).toEqual([]);
    } finally {
      await test.db.db.update(users).set({ isActive: true }).where(eq(users.id, dermatologistId));
    }
  });
});
