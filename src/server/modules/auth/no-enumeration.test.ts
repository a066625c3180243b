import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationPayload } from '../../../contracts/registration';
import { mailOutbox, users } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount, mailTo, type TestAccount } from './testing';

// No account enumeration (docs/product.md, registration and sign-in): whether an address has an
// account is told only to the mailbox of that address. Registration and forgot-password answer
// alike for a known and an unknown address; the mail goes to the holder alone. (How long each takes
// is measured by bench/enumeration.ts, not asserted here.)

let unique = 0;
function registration(email: string): RegistrationPayload {
  unique += 1;
  return {
    firstName: 'Mallory',
    lastName: 'Quinn',
    email,
    password: `Harbour-Lights#${unique}x`,
    phone: '+1 555 010 2233',
    dateOfBirth: '1990-02-11',
    gender: 'female',
    address: '12 Elm Street, Springfield, IL 62701',
    role: 'patient',
    medicalRecordNumber: 'MRN1',
    bloodType: 'O+',
    age: 36,
    insuranceProvider: '',
    insurancePolicyNumber: '',
    preferredLanguage: 'English',
    allergies: [],
    medications: [],
    medicalHistory: [],
  } as RegistrationPayload;
}

describe('no account enumeration', () => {
  let t: TestApp;
  let holder: TestAccount;
  let address = 0;
  const browser = () => new TestAgent(t.app, `10.13.7.${++address}`);

  beforeAll(async () => {
    t = await createTestApp();
    holder = await createAccount(t.db.db, { role: 'patient' });
  });
  afterAll(() => t?.close());

  it('answers a registration for a known address exactly like one for a new address, and mails the holder instead', async () => {
    const fresh = `fresh.${Date.now()}@enumeration.test`;
    const forNew = await browser().post('/api/patients/register', registration(fresh));
    const forKnown = await browser().post('/api/patients/register', registration(holder.email.toUpperCase()));

    expect(forKnown.statusCode).toBe(forNew.statusCode);
    expect(forKnown.body).toBe(forNew.body);
    expect(forNew.statusCode).toBeLessThan(300);

    // The new address has its account and a welcome; the holder keeps theirs and is told of the attempt.
    expect(await t.db.db.select().from(users).where(eq(users.email, fresh))).toHaveLength(1);
    expect((await mailTo(t.db.db, fresh)).map((m) => m.kind)).toEqual(['welcome']);
    const [kept] = await t.db.db.select().from(users).where(eq(users.id, holder.user.id));
    expect(kept!.firstName).toBe(holder.user.firstName);
    const told = await mailTo(t.db.db, holder.email);
    expect(told.map((m) => m.kind)).toEqual(['registration-attempt']);
    expect(told[0]!.textBody).toContain('/login');
    expect(told[0]!.textBody).not.toContain('Mallory');
  });

  it('answers forgot-password alike for a known and an unknown address, and mails only the holder', async () => {
    const unknown = `nobody.${Date.now()}@enumeration.test`;
    const before = (await t.db.db.select().from(mailOutbox)).length;
    const forKnown = await browser().post('/api/auth/forgot-password', { email: holder.email });
    const forUnknown = await browser().post('/api/auth/forgot-password', { email: unknown });

    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forKnown.statusCode).toBe(200);

    expect((await mailTo(t.db.db, holder.email, 'password-reset')).length).toBe(1);
    expect(await mailTo(t.db.db, unknown)).toHaveLength(0);
    expect((await t.db.db.select().from(mailOutbox)).length).toBe(before + 1);
  });
});
