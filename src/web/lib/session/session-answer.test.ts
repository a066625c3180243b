import { describe, expect, it } from 'vitest';
import { noSessionResponseSchema, sessionResponseSchema } from '../../../contracts/auth';
import { sessionUserSchema } from '../../../contracts/user';
import { isNoSessionAnswer, readSessionAnswer, SESSION_USER_FIELDS } from './session-answer';

const user = {
  id: '0b7f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f',
  email: 'pat@example.org',
  firstName: 'Pat',
  lastName: 'Lee',
  name: 'Pat Lee',
  role: 'patient',
  position: null,
  avatar: null,
  phone: '+44 20 7946 0000',
  dateOfBirth: '1980-02-03',
  gender: null,
  address: null,
  isFirstTimeLogin: false,
  mfaEnabled: true,
  preferredLanguage: 'fr',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  medicalRecordNumber: 'MRN-1',
  bloodType: null,
  allergies: ['penicillin'],
  medications: [],
  medicalHistory: [],
  emergencyContact: { name: 'Sam Lee', phone: '+44 20 7946 0001', relationship: 'Partner' },
  country: 'GB',
  insuranceProvider: null,
  insurancePolicyNumber: null,
};
const session = { expiresAt: '2026-01-02T00:30:00.000Z', absoluteExpiresAt: '2026-01-02T12:00:00.000Z' };

/** Answers the two checks must agree on: valid, and each field broken in every way we can think of. */
function answers(): unknown[] {
  const list: unknown[] = [
    { user, session },
    { user: { ...user, extra: 'dropped' }, session: { ...session, extra: 1 }, more: true },
    { user: { ...user, emergencyContact: null }, session },
    { user: { ...user, role: 'admin', position: 'Head' }, session },
    null,
    'text',
    [],
    { user },
    { session },
    { user: null, session: null, error: 'No server session' },
    { user, session: { expiresAt: session.expiresAt } },
    { user, session: { ...session, absoluteExpiresAt: 5 } },
  ];
  const wrongValues: unknown[] = [undefined, null, 1, 'text', true, [], {}, ['a', 2], 'not-a-uuid', 'superuser'];
  for (const field of Object.keys(user)) {
    for (const value of wrongValues) list.push({ user: { ...user, [field]: value }, session });
  }
  list.push({ user: { ...user, emergencyContact: { name: 'x', phone: 'y' } }, session });
  list.push({ user: { ...user, emergencyContact: { name: 'x', phone: 'y', relationship: 3 } }, session });
  return list;
}

describe('the session answer read without zod', () => {
  it('lists exactly the fields of the contract', () => {
    expect(Object.keys(SESSION_USER_FIELDS).sort()).toEqual(Object.keys(sessionUserSchema.shape).sort());
  });

  it('accepts and refuses what the contract does, and keeps what the contract keeps', () => {
    for (const answer of answers()) {
      const parsed = sessionResponseSchema.safeParse(answer);
      expect({ answer, read: readSessionAnswer(answer) }).toEqual({ answer, read: parsed.success ? parsed.data : null });
    }
  });

  it('knows the answer for nobody signed in as the contract does', () => {
    for (const answer of [...answers(), { user: null, session: null }, { user: null, session: null, error: 'x' }]) {
      expect({ answer, none: isNoSessionAnswer(answer) }).toEqual({ answer, none: noSessionResponseSchema.safeParse(answer).success });
    }
  });
});
