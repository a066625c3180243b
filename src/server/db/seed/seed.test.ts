import { verify } from '@node-rs/argon2';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTIES } from '../../../contracts/specialties';
import { openMigratedTestDatabase, type TestDatabaseHandle } from '../../test-support/test-database';
import { clinics, doctorAvailability, doctorProfiles, patientProfiles, users } from '../schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_CLINICS } from './demo-organisation';
import { seedDemoOrganisation, type SeedResult } from './index';

describe('the demo organisation seed', () => {
  let database: TestDatabaseHandle;
  let first: SeedResult;

  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    first = await seedDemoOrganisation(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  const userCount = async () => (await database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

  it('seeds an empty database and says how many users it made', async () => {
    expect(first.seeded).toBe(true);
    expect(first.users).toBe(await userCount());
    expect(first.users).toBeGreaterThan(60);
  });

  describe('doctors', () => {
    it('practise in all 30 specialties', async () => {
      const rows = await database.db.selectDistinct({ specialty: doctorProfiles.specialty }).from(doctorProfiles);
      expect(SPECIALTIES).toHaveLength(30);
      expect(rows.map((r) => r.specialty).sort()).toEqual(SPECIALTIES.map((s) => s.name).sort());
    });

    it('each have a complete directory profile and weekly hours', async () => {
      const doctors = await database.db
        .select({ role: users.role, profile: doctorProfiles })
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId));
      const hours = await database.db.select().from(doctorAvailability);
      expect(doctors.length).toBeGreaterThanOrEqual(SPECIALTIES.length);

      for (const { role, profile } of doctors) {
        const who = `${profile.specialty} ${profile.userId}`;
        expect(role, who).toBe('doctor');
        expect(profile.hospital, who).not.toBe('');
        expect(profile.experienceYears, who).toBeGreaterThan(0);
        expect(Number(profile.rating), who).toBeGreaterThanOrEqual(0);
        expect(Number(profile.rating), who).toBeLessThanOrEqual(5);
        expect(profile.reviewCount, who).toBeGreaterThan(0);
        expect(profile.consultationFee, who).toMatch(/^\d+\.\d{2}$/);
        expect(profile.qualifications.length, who).toBeGreaterThan(0);
        expect(profile.bio?.length ?? 0, who).toBeGreaterThan(20);
        expect(profile.languages, who).toContain('English');
        expect(typeof profile.telemedicineEnabled, who).toBe('boolean');
        expect(typeof profile.verified, who).toBe('boolean');

        const own = hours.filter((h) => h.doctorId === profile.userId);
        expect(own.length, `${who} has weekly hours`).toBeGreaterThan(0);
        for (const slot of own) {
          expect(slot.dayOfWeek).toBeGreaterThanOrEqual(0);
          expect(slot.dayOfWeek).toBeLessThanOrEqual(6);
          expect(slot.startTime < slot.endTime).toBe(true);
        }
      }
    });

    it('include some that offer telemedicine and some verified ones, not all alike', async () => {
      const doctors = await database.db.select().from(doctorProfiles);
      expect(doctors.some((d) => d.telemedicineEnabled)).toBe(true);
      expect(doctors.some((d) => d.verified)).toBe(true);
      expect(new Set(doctors.map((d) => d.hospital)).size).toBeGreaterThan(1);
    });

    it('each work at a demo clinic named as their hospital, every clinic with doctors, the demo doctor at the central hospital', async () => {
      const doctors = await database.db
        .select({ email: users.email, hospital: doctorProfiles.hospital, clinic: clinics.name })
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .leftJoin(clinics, eq(clinics.id, doctorProfiles.clinicId));
      for (const doctor of doctors) expect(doctor.clinic, doctor.email).toBe(doctor.hospital);
      expect(new Set(doctors.map((d) => d.clinic))).toEqual(new Set(DEMO_CLINICS.map((c) => c.name)));
      expect(doctors.find((d) => d.email === 'doctor@caredeck.demo')?.clinic).toBe('Caredeck Central Hospital');
    });
  });

  describe('patients', () => {
    it('each have a patient profile with a medical record number no one else has', async () => {
      const patients = await database.db.select({ id: users.id }).from(users).where(eq(users.role, 'patient'));
      const profiles = await database.db.select().from(patientProfiles);
      expect(patients.length).toBeGreaterThan(20);
      expect(profiles.map((p) => p.userId).sort()).toEqual(patients.map((p) => p.id).sort());
      const mrns = profiles.map((p) => p.medicalRecordNumber);
      expect(new Set(mrns).size).toBe(mrns.length);
      for (const mrn of mrns) expect(mrn).toMatch(/^MRN\d+$/);
    });
  });

  describe('demo accounts', () => {
    it('exist with their role, and their published passwords verify against argon2id hashes', async () => {
      const rows = await database.db
        .select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_ACCOUNTS.map((a) => a.email),
          ),
        );
      expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
      for (const account of DEMO_ACCOUNTS) {
        const row = rows.find((r) => r.email === account.email);
        expect(row?.role, account.email).toBe(account.role);
        expect(row?.passwordHash, account.email).toMatch(/^\$argon2id\$/);
        expect(await verify(row!.passwordHash!, account.password), account.email).toBe(true);
        expect(await verify(row!.passwordHash!, `${account.password}x`), account.email).toBe(false);
      }
    });

    it('give the MFA account a second factor of its own, and no one else one', async () => {
      const rows = await database.db
        .select({ email: users.email, enabled: users.mfaEnabled, secret: users.mfaSecret })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_ACCOUNTS.map((a) => a.email),
          ),
        );
      for (const account of DEMO_ACCOUNTS) {
        const row = rows.find((r) => r.email === account.email)!;
        expect(row.enabled, account.email).toBe(account.mfa);
        if (account.mfa) expect(row.secret, account.email).toMatch(/^[A-Z2-7]{32}$/);
        else expect(row.secret, account.email).toBeNull();
      }
    });

    it('give the demo doctor a doctor profile and the demo patients patient profiles', async () => {
      for (const account of DEMO_ACCOUNTS.filter((a) => a.role === 'doctor' || a.role === 'patient')) {
        const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
        const table = account.role === 'doctor' ? doctorProfiles : patientProfiles;
        const profiles = await database.db.select({ userId: table.userId }).from(table).where(eq(table.userId, row!.id));
        expect(profiles, account.email).toHaveLength(1);
      }
    });
  });

  it('registers each patient with a visit the day before their first one, and the demo accounts on the day of seeding', async () => {
    const result = (await database.db.execute(sql`
      select u.email, u.created_at, min(a.starts_at) as first_visit
      from users u left join appointments a on a.patient_id = u.id
      where u.role = 'patient' group by u.id, u.email, u.created_at`)) as unknown as {
      rows: { email: string; created_at: Date | string; first_visit: Date | string | null }[];
    };
    const day = 24 * 60 * 60 * 1000;
    const visited = result.rows.filter((row) => row.first_visit !== null && !row.email.endsWith('@caredeck.demo'));
    expect(visited.length).toBeGreaterThan(10);
    for (const row of visited) {
      const registered = new Date(row.created_at).getTime();
      const first = new Date(row.first_visit!).getTime();
      expect(registered, row.email).toBeLessThanOrEqual(first - day);
    }
    // Spread over the months of history, not all on one day.
    expect(new Set(visited.map((row) => new Date(row.created_at).toISOString().slice(0, 10))).size).toBeGreaterThan(5);
    for (const row of result.rows.filter((r) => r.email.endsWith('@caredeck.demo'))) {
      expect(Date.now() - new Date(row.created_at).getTime(), row.email).toBeLessThan(day);
    }
  });

  it('does not seed a database that already has users', async () => {
    const before = await userCount();
    const again = await seedDemoOrganisation(database);
    expect(again).toEqual({ seeded: false, users: before });
    expect(await userCount()).toBe(before);
  });
});
